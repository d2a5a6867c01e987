import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { usageCsvQuerySchema, usageQuerySchema } from '@lead-engine/contracts';
import type { UsageCsvQuery, UsagePage, UsageQuery } from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { DownloadUsageUseCase } from './use-cases/download-usage.use-case';
import { ListUsageUseCase } from './use-cases/list-usage.use-case';

/** The console's Usage page: the account's ledger, paged and downloadable. */
@Controller('console/api/usage')
export class UsageController {
  constructor(
    private readonly listUsage: ListUsageUseCase,
    private readonly downloadUsage: DownloadUsageUseCase,
  ) {}

  @Get()
  list(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Query(new ContractPipe(usageQuerySchema)) query: UsageQuery,
  ): Promise<UsagePage> {
    return this.listUsage.execute(session, query);
  }

  @Get('csv')
  csv(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Query(new ContractPipe(usageCsvQuerySchema)) query: UsageCsvQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): StreamableFile {
    const { excel, ...filters } = query;
    return csvDownload(reply, this.downloadUsage.execute(session, filters), { excel });
  }
}
