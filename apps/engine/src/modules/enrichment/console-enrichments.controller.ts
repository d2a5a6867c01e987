import { Controller, Get, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { idParamsSchema } from '@lead-engine/contracts';
import type { EnrichmentJobStatus, IdParams } from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { jobsAccountOf } from '../jobs/jobs-viewer';
import { ConsoleSessionGuard, CurrentSession } from '../users/console-session.guard';
import type { ConsoleSessionPrincipal } from '../users/use-cases/authenticate-session.use-case';
import { DownloadEnrichmentUseCase } from './use-cases/download-enrichment.use-case';
import { GetEnrichmentJobUseCase } from './use-cases/get-enrichment-job.use-case';

/**
 * An enrichment on the Jobs page: the same use-cases as /api/v1/enrich-csv/jobs, for the viewer's
 * account. Unlike the API, a malformed id is not a 400: any id that is not one of the account's jobs
 * answers JOB_NOT_FOUND alike.
 */
@Controller('console/api/enrichments')
@UseGuards(ConsoleSessionGuard)
export class ConsoleEnrichmentsController {
  constructor(
    private readonly getEnrichmentJob: GetEnrichmentJobUseCase,
    private readonly downloadEnrichment: DownloadEnrichmentUseCase,
  ) {}

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
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const download = await this.downloadEnrichment.execute(jobsAccountOf(session), params.id, 'JOB_NOT_FOUND');
    reply.header('X-Total-Rows', String(download.rows));
    reply.header('Cache-Control', 'no-store');
    return new StreamableFile(download.body, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${download.filename}"`,
    });
  }
}
