import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { consoleScrapeResultsQuerySchema, idParamsSchema } from '@lead-engine/contracts';
import type { IdParams, ScrapeJob, ScrapeResults, ScrapeResultsQuery } from '@lead-engine/contracts';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { jobsAccountOf } from '../jobs/jobs-viewer';
import { ConsoleSessionGuard, CurrentSession } from '../users/console-session.guard';
import type { ConsoleSessionPrincipal } from '../users/use-cases/authenticate-session.use-case';
import { GetScrapeJobUseCase } from './use-cases/get-scrape-job.use-case';
import { GetScrapeResultsUseCase } from './use-cases/get-scrape-results.use-case';

/**
 * A scrape on the Jobs page: the same use-cases as /api/v1/scrape/jobs, for the viewer's account.
 * Another account's, an unknown or a malformed id answer JOB_NOT_FOUND alike.
 */
@Controller('console/api/scrapes')
@UseGuards(ConsoleSessionGuard)
export class ConsoleScrapesController {
  constructor(
    private readonly getScrapeJob: GetScrapeJobUseCase,
    private readonly getScrapeResults: GetScrapeResultsUseCase,
  ) {}

  @Get(':id')
  status(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
  ): Promise<ScrapeJob> {
    return this.getScrapeJob.execute(jobsAccountOf(session), params.id);
  }

  @Get(':id/results')
  results(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(consoleScrapeResultsQuerySchema)) query: ScrapeResultsQuery,
  ): Promise<ScrapeResults> {
    return this.getScrapeResults.execute(jobsAccountOf(session), params.id, query);
  }
}
