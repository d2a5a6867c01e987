import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { csvDownloadQuerySchema, enrichmentFormSchema, idParamsSchema } from '@lead-engine/contracts';
import type {
  CsvDownloadQuery,
  EnrichmentForm,
  EnrichmentJobCreated,
  EnrichmentJobList,
  EnrichmentJobStatus,
  IdParams,
} from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import type { UploadedFile } from '../../infrastructure/http/multipart-upload';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { Upload } from '../../infrastructure/http/upload.decorator';
import type { Principal } from '../identity/current-principal.decorator';
import type { EnrichmentCsvUpload } from './enrichment-csv-reader';
import { DownloadEnrichmentUseCase } from './use-cases/download-enrichment.use-case';
import { GetEnrichmentJobUseCase } from './use-cases/get-enrichment-job.use-case';
import { StartEnrichmentUseCase } from './use-cases/start-enrichment.use-case';

@Controller('api/v1/enrich-csv')
export class EnrichmentController {
  constructor(
    private readonly startEnrichment: StartEnrichmentUseCase,
    private readonly getEnrichmentJob: GetEnrichmentJobUseCase,
    private readonly downloadEnrichment: DownloadEnrichmentUseCase,
  ) {}

  @Post()
  @HttpCode(202)
  @UseInterceptors(IdempotencyInterceptor)
  start(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(enrichmentFormSchema)) form: EnrichmentForm,
    @Upload() file: UploadedFile<EnrichmentCsvUpload> | null,
  ): Promise<EnrichmentJobCreated> {
    return this.startEnrichment.execute({ ...principal, form, file });
  }

  @Get('jobs')
  list(@CurrentPrincipal() principal: Principal): Promise<EnrichmentJobList> {
    return this.getEnrichmentJob.list(principal.accountId);
  }

  @Get('jobs/:id')
  status(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
  ): Promise<EnrichmentJobStatus> {
    return this.getEnrichmentJob.execute(principal.accountId, params.id);
  }

  @Get('jobs/:id/csv')
  async csv(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(csvDownloadQuerySchema)) query: CsvDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const download = await this.downloadEnrichment.execute(principal.accountId, params.id);
    reply.header('X-Total-Rows', String(download.rows));
    return csvDownload(reply, download, query);
  }
}
