import { Module } from '@nestjs/common';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { ScrapeModule } from '../scrape/scrape.module';
import { SiteTextsRepository } from '../scrape/site-texts.repository';
import { AI_PROVIDER } from './ai-provider.port';
import { LocalAiProvider } from './local-ai-provider';
import { ChatCompletionsClient } from './openai/chat-completions-client';
import { OpenAiProvider } from './openai/openai-ai-provider';
import { ProspectsRepository } from './prospects/prospects.repository';
import { ScrapedWebsiteTextReader } from './website-text/scraped-website-text-reader';
import { SiteTextCacheRepository } from './website-text/site-text-cache.repository';
import { WEBSITE_TEXT_READER } from './website-text/website-text-reader.port';

/** The AI provider chosen by AI_PROVIDER, and what grounds its answers: contact data and website text. */
@Module({
  imports: [ScrapeModule],
  providers: [
    ChatCompletionsClient,
    {
      provide: AI_PROVIDER,
      inject: [ENGINE_CONFIG, ChatCompletionsClient],
      useFactory: (config: EngineConfig, client: ChatCompletionsClient) =>
        config.AI_PROVIDER === 'openai' ? new OpenAiProvider(client) : new LocalAiProvider(),
    },
    ProspectsRepository,
    SiteTextCacheRepository,
    SiteTextsRepository,
    { provide: WEBSITE_TEXT_READER, useClass: ScrapedWebsiteTextReader },
  ],
  exports: [AI_PROVIDER, ProspectsRepository, WEBSITE_TEXT_READER],
})
export class AiModule {}
