import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { consoleStartEnrichmentFormSchema, csvDownloadQuerySchema, enrichmentFormSchema, idParamsSchema } from '@lead-engine/contracts';
import type {
  ConsoleEnrichmentQuote,
  ConsoleStartedEnrichment,
  CsvDownloadQuery,
  EnrichmentForm,
  EnrichmentJobStatus,
  IdParams,
} from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { UploadedFile } from '../../infrastructure/http/multipart-upload';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { Upload } from '../../infrastructure/http/upload.decorator';
import { GetCreditBalanceUseCase } from '../credits/use-cases/get-credit-balance.use-case';
import { jobsAccountOf, jobsChargingKeyOf } from '../jobs/jobs-viewer';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import type { EnrichmentCsvUpload } from './enrichment-csv-reader';
import { DownloadEnrichmentUseCase } from './use-cases/download-enrichment.use-case';
import { GetEnrichmentJobUseCase } from './use-cases/get-enrichment-job.use-case';
import { QuoteEnrichmentUseCase } from './use-cases/quote-enrichment.use-case';
import { StartEnrichmentUseCase } from './use-cases/start-enrichment.use-case';

// The form's text fields; the file arrives apart, read by the upload (multipart-upload.ts).
const startFormSchema = consoleStartEnrichmentFormSchema.omit({ file: true });
type StartForm = z.output<typeof startFormSchema>;

/**
 * An enrichment on the Jobs page: the same use-cases as /api/v1/enrich-csv, for the viewer's account.
 * Unlike the API, a malformed id is not a 400: any id that is not one of the account's jobs answers
 * JOB_NOT_FOUND alike. An enrichment started here goes through no API key, holds exactly the credits the
 * user confirmed and names the user.
 */
@Controller('console/api/enrichments')
export class ConsoleEnrichmentsController {
  constructor(
    private readonly quoteEnrichment: QuoteEnrichmentUseCase,
    private readonly startEnrichment: StartEnrichmentUseCase,
    private readonly getEnrichmentJob: GetEnrichmentJobUseCase,
    private readonly downloadEnrichment: DownloadEnrichmentUseCase,
    private readonly creditBalance: GetCreditBalanceUseCase,
  ) {}

  @Post('quote')
  @HttpCode(200)
  quote(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(enrichmentFormSchema)) form: EnrichmentForm,
    @Upload() file: UploadedFile<EnrichmentCsvUpload> | null,
  ): Promise<ConsoleEnrichmentQuote> {
    return this.quoteEnrichment.execute(jobsAccountOf(session), form, file);
  }

  @Post()
  @HttpCode(202)
  async start(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(startFormSchema)) body: StartForm,
    @Upload() file: UploadedFile<EnrichmentCsvUpload> | null,
  ): Promise<ConsoleStartedEnrichment> {
    const key = jobsChargingKeyOf(session);
    const { credits, ...form } = body;
    const job = await this.startEnrichment.execute({ ...key, form, file, expectedHold: Number(credits) });
    return this.creditBalance.withBalance(key.accountId, { id: job.id, status: job.status, credits: job.credits_charged });
  }

  @Get(':id')
  status(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
  ): Promise<EnrichmentJobStatus> {
    return this.getEnrichmentJob.execute(jobsAccountOf(session), params.id, 'JOB_NOT_FOUND');
  }

  @Get(':id/csv')
  async csv(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(csvDownloadQuerySchema)) query: CsvDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const download = await this.downloadEnrichment.execute(jobsAccountOf(session), params.id, 'JOB_NOT_FOUND');
    reply.header('X-Total-Rows', String(download.rows));
    return csvDownload(reply, download, query);
  }
}
