import { BullModule } from '@nestjs/bull';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { AiModule } from '../ai/ai.module';
import { CreditsModule } from '../credits/credits.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { EnrichmentJobsRepository } from './enrichment-jobs.repository';
import { RowEnricher } from './row-enricher';
import { DownloadEnrichmentUseCase } from './use-cases/download-enrichment.use-case';
import { GetEnrichmentJobUseCase } from './use-cases/get-enrichment-job.use-case';
import { QuoteEnrichmentUseCase } from './use-cases/quote-enrichment.use-case';
import { RunEnrichmentUseCase } from './use-cases/run-enrichment.use-case';
import { SettleEnrichmentUseCase } from './use-cases/settle-enrichment.use-case';
import { StartEnrichmentUseCase } from './use-cases/start-enrichment.use-case';

const USE_CASES = [
  QuoteEnrichmentUseCase,
  StartEnrichmentUseCase,
  GetEnrichmentJobUseCase,
  DownloadEnrichmentUseCase,
  RunEnrichmentUseCase,
  SettleEnrichmentUseCase,
];

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.enrichment }), AiModule, CreditsModule, IdempotencyModule, WebhooksModule],
  providers: [EnrichmentJobsRepository, RowEnricher, ...USE_CASES],
  exports: [EnrichmentJobsRepository, ...USE_CASES, BullModule],
})
export class EnrichmentModule {}
