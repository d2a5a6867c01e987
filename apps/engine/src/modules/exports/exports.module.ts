import { BullModule } from '@nestjs/bull';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { FailExportUseCase } from './use-cases/fail-export.use-case';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { CreditsModule } from '../credits/credits.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { LeadsModule } from '../leads/leads.module';
import { ExportDownloadLinks } from './export-download-links';
import { ExportProgress } from './export-progress';
import { ExportQuotesRepository } from './export-quotes.repository';
import { ExportsRepository } from './exports.repository';
import { DownloadExportUseCase } from './use-cases/download-export.use-case';
import { GetExportUseCase } from './use-cases/get-export.use-case';
import { RunExportUseCase } from './use-cases/run-export.use-case';
import { QuoteExportUseCase } from './use-cases/quote-export.use-case';
import { StartExportUseCase } from './use-cases/start-export.use-case';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.exports }), CreditsModule, IdempotencyModule, LeadsModule, WebhooksModule],
  providers: [
    ExportsRepository,
    ExportQuotesRepository,
    QuoteExportUseCase,
    ExportProgress,
    ExportDownloadLinks,
    StartExportUseCase,
    GetExportUseCase,
    DownloadExportUseCase,
    RunExportUseCase,
    FailExportUseCase,
  ],
  exports: [
    ExportsRepository,
    ExportProgress,
    QuoteExportUseCase,
    ExportDownloadLinks,
    StartExportUseCase,
    GetExportUseCase,
    DownloadExportUseCase,
    RunExportUseCase,
    FailExportUseCase,
    BullModule,
  ],
})
export class ExportsModule {}
