import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { revealedLeadsCsvQuerySchema, revealedLeadsQuerySchema } from '@lead-engine/contracts';
import type { RevealedLeadsCsvQuery, RevealedLeadsPage, RevealedLeadsQuery } from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { ContractPipe } from '../../../infrastructure/http/parse-input';
import { CurrentPrincipal } from '../../identity/current-principal.decorator';
import type { Principal } from '../../identity/current-principal.decorator';
import { DownloadRevealedLeadsUseCase } from './use-cases/download-revealed-leads.use-case';
import { ListRevealedLeadsUseCase } from './use-cases/list-revealed-leads.use-case';
import { csvDownload } from '../../../infrastructure/http/csv-download';

/** The leads the key's account paid for: pages and a CSV, both free. */
@Controller('api/v1/leads/revealed')
export class RevealedLeadsController {
  constructor(
    private readonly listRevealed: ListRevealedLeadsUseCase,
    private readonly downloadRevealed: DownloadRevealedLeadsUseCase,
  ) {}

  @Get()
  list(
    @CurrentPrincipal() principal: Principal,
    @Query(new ContractPipe(revealedLeadsQuerySchema)) query: RevealedLeadsQuery,
  ): Promise<RevealedLeadsPage> {
    return this.listRevealed.execute(principal.accountId, query);
  }

  @Get('csv')
  async csv(
    @CurrentPrincipal() principal: Principal,
    @Query(new ContractPipe(revealedLeadsCsvQuerySchema)) query: RevealedLeadsCsvQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { excel, ...selection } = query;
    return csvDownload(reply, await this.downloadRevealed.execute(principal.accountId, selection), { excel });
  }
}
