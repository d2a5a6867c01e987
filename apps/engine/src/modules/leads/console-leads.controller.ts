import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  consoleBrowseRequestSchema,
  consoleCountRequestSchema,
  consoleFilterValuesQuerySchema,
  consoleRevealQuoteRequestSchema,
  consoleRevealRequestSchema,
} from '@lead-engine/contracts';
import type {
  BrowseRequest,
  BrowseResponse,
  ConsoleFilterValuesQuery,
  ConsoleRevealQuote,
  ConsoleRevealRequest,
  ConsoleRevealResponse,
  CountResult,
  FilterValues,
  RevealQuoteRequest,
  SearchRequest,
} from '@lead-engine/contracts';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { GetCreditBalanceUseCase } from '../credits/use-cases/get-credit-balance.use-case';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { consoleChargingKeyOf, leadsAccountOf } from './console-leads-viewer';
import { BrowseLeadsUseCase } from './use-cases/browse-leads.use-case';
import { CountLeadsUseCase } from './use-cases/count-leads.use-case';
import { ListLeadFiltersUseCase } from './use-cases/list-lead-filters.use-case';
import { QuoteRevealUseCase } from './use-cases/quote-reveal.use-case';
import { RevealLeadsUseCase } from './use-cases/reveal-leads.use-case';

/**
 * The console's Leads page: the same use-cases as /api/v1/leads, for the viewer's account and through no
 * API key. A reveal always carries the quote the user confirmed; the balance is read after it committed.
 */
@Controller('console/api/leads')
export class ConsoleLeadsController {
  constructor(
    private readonly listFilters: ListLeadFiltersUseCase,
    private readonly countLeads: CountLeadsUseCase,
    private readonly browseLeads: BrowseLeadsUseCase,
    private readonly quoteReveal: QuoteRevealUseCase,
    private readonly revealLeads: RevealLeadsUseCase,
    private readonly creditBalance: GetCreditBalanceUseCase,
  ) {}

  @Get('filters')
  filters(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Query(new ContractPipe(consoleFilterValuesQuerySchema)) query: ConsoleFilterValuesQuery,
  ): Promise<FilterValues> {
    leadsAccountOf(session);
    return this.listFilters.execute(query.field);
  }

  @Post('count')
  @HttpCode(200)
  count(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleCountRequestSchema)) body: SearchRequest,
  ): Promise<CountResult> {
    leadsAccountOf(session);
    return this.countLeads.execute(body);
  }

  @Post('browse')
  @HttpCode(200)
  browse(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleBrowseRequestSchema)) body: BrowseRequest,
  ): Promise<BrowseResponse> {
    return this.browseLeads.execute(leadsAccountOf(session), body);
  }

  @Post('reveal/quote')
  @HttpCode(200)
  async quote(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleRevealQuoteRequestSchema)) body: RevealQuoteRequest,
  ): Promise<ConsoleRevealQuote> {
    const key = consoleChargingKeyOf(session);
    const quote = await this.quoteReveal.execute(key, body.leadIds);
    return this.creditBalance.withBalance(key.accountId, quote);
  }

  @Post('reveal')
  @HttpCode(200)
  async reveal(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleRevealRequestSchema)) body: ConsoleRevealRequest,
  ): Promise<ConsoleRevealResponse> {
    const key = consoleChargingKeyOf(session);
    const { quote_id: quoteId, ...request } = body;
    const revealed = await this.revealLeads.execute({ ...key, request, quoteId });
    return this.creditBalance.withBalance(key.accountId, revealed);
  }
}
