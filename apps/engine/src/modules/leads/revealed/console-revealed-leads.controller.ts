import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { revealedLeadsCsvQuerySchema, revealedLeadsQuerySchema } from '@lead-engine/contracts';
import type { RevealedLeadsCsvQuery, RevealedLeadsPage, RevealedLeadsQuery } from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { ContractPipe } from '../../../infrastructure/http/parse-input';
import { CurrentSession } from '../../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { leadsAccountOf } from '../console-leads-viewer';
import { csvDownload } from '../../../infrastructure/http/csv-download';
import { DownloadRevealedLeadsUseCase } from './use-cases/download-revealed-leads.use-case';
import { ListRevealedLeadsUseCase } from './use-cases/list-revealed-leads.use-case';

/** The app's Revealed leads page: the same reads as /api/v1/leads/revealed, for the viewer's account. */
@Controller('console/api/leads/revealed')
export class ConsoleRevealedLeadsController {
  constructor(
    private readonly listRevealed: ListRevealedLeadsUseCase,
    private readonly downloadRevealed: DownloadRevealedLeadsUseCase,
  ) {}

  @Get()
  list(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Query(new ContractPipe(revealedLeadsQuerySchema)) query: RevealedLeadsQuery,
  ): Promise<RevealedLeadsPage> {
    return this.listRevealed.execute(leadsAccountOf(session), query);
  }

  @Get('csv')
  async csv(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Query(new ContractPipe(revealedLeadsCsvQuerySchema)) query: RevealedLeadsCsvQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { excel, ...selection } = query;
    return csvDownload(reply, await this.downloadRevealed.execute(leadsAccountOf(session), selection), { excel });
  }
}
