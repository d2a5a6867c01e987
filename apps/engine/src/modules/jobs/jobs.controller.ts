import { Controller, Get, Query } from '@nestjs/common';
import { consoleJobsQuerySchema } from '@lead-engine/contracts';
import type { ConsoleJobPage, ConsoleJobsQuery } from '@lead-engine/contracts';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { ListJobsUseCase } from './use-cases/list-jobs.use-case';

/** The console's Jobs page: the account's exports, scrapes and enrichments in one list. */
@Controller('console/api/jobs')
export class JobsController {
  constructor(private readonly listJobs: ListJobsUseCase) {}

  @Get()
  list(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Query(new ContractPipe(consoleJobsQuerySchema)) query: ConsoleJobsQuery,
  ): Promise<ConsoleJobPage> {
    return this.listJobs.execute(session, query);
  }
}
