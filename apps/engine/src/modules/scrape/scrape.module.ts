import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { CreditsModule } from '../credits/credits.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ScrapeJobsRepository } from './scrape-jobs.repository';
import { ScrapeSlots } from './scrape-slots';
import { DnsHostResolver, parseDnsServers } from './site-reader/dns-host-resolver';
import { HOST_RESOLVER } from './site-reader/host-resolver.port';
import { HttpSiteReader } from './site-reader/http-site-reader';
import { SiteHttpClient } from './site-reader/site-http-client';
import { SitePoliteness } from './site-reader/site-politeness';
import { SITE_READER } from './site-reader/site-reader.port';
import { TargetGuard } from './site-reader/target-guard';
import { SiteTextsRepository } from './site-texts.repository';
import { GetScrapeJobUseCase } from './use-cases/get-scrape-job.use-case';
import { GetScrapeResultsUseCase } from './use-cases/get-scrape-results.use-case';
import { RunScrapeUseCase } from './use-cases/run-scrape.use-case';
import { SettleScrapeUseCase } from './use-cases/settle-scrape.use-case';
import { StartScrapeUseCase } from './use-cases/start-scrape.use-case';

const USE_CASES = [StartScrapeUseCase, GetScrapeJobUseCase, GetScrapeResultsUseCase, RunScrapeUseCase, SettleScrapeUseCase];

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.scrape }), CreditsModule, IdempotencyModule],
  providers: [
    ScrapeJobsRepository,
    SiteTextsRepository,
    ScrapeSlots,
    SitePoliteness,
    SiteHttpClient,
    TargetGuard,
    {
      provide: HOST_RESOLVER,
      inject: [ENGINE_CONFIG],
      useFactory: (config: EngineConfig) => new DnsHostResolver(parseDnsServers(config.SCRAPE_DNS_SERVERS)),
    },
    { provide: SITE_READER, useClass: HttpSiteReader },
    ...USE_CASES,
  ],
  exports: [ScrapeJobsRepository, SITE_READER, ...USE_CASES, BullModule],
})
export class ScrapeModule {}
