import { Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  browseRequestSchema,
  BrowseResponse,
  CountResult,
  filtersQuerySchema,
  revealQuoteRequestSchema,
  revealRequestSchema,
  RevealResponse,
  searchRequestSchema,
} from '@lead-engine/contracts';
import type { BrowseRequest, FilterField, RevealQuote, RevealQuoteRequest, RevealRequest, SearchRequest } from '@lead-engine/contracts';
import { GetKeyBudgetRemainingUseCase } from '../credits/use-cases/get-key-budget-remaining.use-case';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import type { Principal } from '../identity/current-principal.decorator';
import { BrowseLeadsUseCase } from './use-cases/browse-leads.use-case';
import { CountLeadsUseCase } from './use-cases/count-leads.use-case';
import { FiltersListing, ListLeadFiltersUseCase } from './use-cases/list-lead-filters.use-case';
import { QuoteRevealUseCase } from './use-cases/quote-reveal.use-case';
import { RevealLeadsUseCase } from './use-cases/reveal-leads.use-case';

@Controller('api/v1/leads')
export class LeadsController {
  constructor(
    private readonly listFilters: ListLeadFiltersUseCase,
    private readonly countLeads: CountLeadsUseCase,
    private readonly browseLeads: BrowseLeadsUseCase,
    private readonly revealLeads: RevealLeadsUseCase,
    private readonly quoteReveal: QuoteRevealUseCase,
    private readonly budgetRemaining: GetKeyBudgetRemainingUseCase,
  ) {}

  @Get('filters')
  filters(@Query(new ContractPipe(filtersQuerySchema)) query: { field?: FilterField }): Promise<FiltersListing> {
    return this.listFilters.execute(query.field);
  }

  @Post('search')
  @HttpCode(200)
  search(@Body(new ContractPipe(searchRequestSchema)) body: SearchRequest): Promise<CountResult> {
    return this.countLeads.execute(body);
  }

  @Post('browse')
  @HttpCode(200)
  browse(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(browseRequestSchema)) body: BrowseRequest,
  ): Promise<BrowseResponse> {
    return this.browseLeads.execute(principal.accountId, body);
  }

  @Post('reveal')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  reveal(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(revealRequestSchema)) body: RevealRequest,
  ): Promise<RevealResponse> {
    const { quote_id: quoteId, ...request } = body;
    return this.revealLeads.execute({ ...principal, request, quoteId });
  }

  @Post('reveal/quote')
  @HttpCode(200)
  quote(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(revealQuoteRequestSchema)) body: RevealQuoteRequest,
  ): Promise<RevealQuote> {
    return this.budgetRemaining.besides(principal, this.quoteReveal.execute(principal, body.leadIds));
  }
}
