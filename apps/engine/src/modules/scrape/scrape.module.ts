import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { CreditsModule } from '../credits/credits.module';
import { OutboundModule } from '../../infrastructure/outbound/outbound.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ScrapeJobsRepository } from './scrape-jobs.repository';
import { ScrapeSlots } from './scrape-slots';
import { PageReadingPool } from './page-reading/page-reading-pool';
import { HttpSiteReader } from './site-reader/http-site-reader';
import { SiteHttpClient } from './site-reader/site-http-client';
import { SitePoliteness } from './site-reader/site-politeness';
import { SITE_READER } from './site-reader/site-reader.port';
import { SiteTextsRepository } from './site-texts.repository';
import { DownloadScrapeResultsUseCase } from './use-cases/download-scrape-results.use-case';
import { GetScrapeJobUseCase } from './use-cases/get-scrape-job.use-case';
import { GetScrapeResultsUseCase } from './use-cases/get-scrape-results.use-case';
import { QuoteScrapeUseCase } from './use-cases/quote-scrape.use-case';
import { RunScrapeUseCase } from './use-cases/run-scrape.use-case';
import { SettleScrapeUseCase } from './use-cases/settle-scrape.use-case';
import { StartScrapeUseCase } from './use-cases/start-scrape.use-case';

const USE_CASES = [
  QuoteScrapeUseCase,
  StartScrapeUseCase,
  GetScrapeJobUseCase,
  GetScrapeResultsUseCase,
  DownloadScrapeResultsUseCase,
  RunScrapeUseCase,
  SettleScrapeUseCase,
];

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.scrape }), CreditsModule, IdempotencyModule, OutboundModule, WebhooksModule],
  providers: [
    ScrapeJobsRepository,
    SiteTextsRepository,
    ScrapeSlots,
    SitePoliteness,
    SiteHttpClient,
    PageReadingPool,
    { provide: SITE_READER, useClass: HttpSiteReader },
    ...USE_CASES,
  ],
  exports: [ScrapeJobsRepository, SITE_READER, ...USE_CASES, BullModule],
})
export class ScrapeModule {}
