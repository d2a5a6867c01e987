import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { CountBudget } from './count-budget';
import { LeadIndex } from './lead-index';
import { RevealedRowsCache } from './revealed-rows-cache';
import { TextSearchBudget } from './text-search-budget';
import { LeadsRepository } from './leads.repository';
import { BrowseLeadsUseCase } from './use-cases/browse-leads.use-case';
import { CountLeadsUseCase } from './use-cases/count-leads.use-case';
import { ListLeadFiltersUseCase } from './use-cases/list-lead-filters.use-case';
import { RevealLeadsUseCase } from './use-cases/reveal-leads.use-case';
import { QuoteRevealUseCase } from './use-cases/quote-reveal.use-case';
import { RevealQuotesRepository } from './reveal-quotes.repository';
import { RevealedLeadsRepository } from './revealed/revealed-leads.repository';
import { RevealedSelector } from './revealed/revealed-selector';
import { DownloadRevealedLeadsUseCase } from './revealed/use-cases/download-revealed-leads.use-case';
import { ListRevealedLeadsUseCase } from './revealed/use-cases/list-revealed-leads.use-case';

@Module({
  imports: [CreditsModule, IdempotencyModule],
  providers: [
    LeadsRepository,
    LeadIndex,
    RevealedRowsCache,
    CountBudget,
    TextSearchBudget,
    CountLeadsUseCase,
    BrowseLeadsUseCase,
    RevealLeadsUseCase,
    QuoteRevealUseCase,
    RevealQuotesRepository,
    ListLeadFiltersUseCase,
    RevealedLeadsRepository,
    RevealedSelector,
    ListRevealedLeadsUseCase,
    DownloadRevealedLeadsUseCase,
  ],
  exports: [
    LeadsRepository,
    LeadIndex,
    RevealedRowsCache,
    TextSearchBudget,
    CountLeadsUseCase,
    BrowseLeadsUseCase,
    RevealLeadsUseCase,
    QuoteRevealUseCase,
    ListLeadFiltersUseCase,
    ListRevealedLeadsUseCase,
    DownloadRevealedLeadsUseCase,
  ],
})
export class LeadsModule implements OnApplicationBootstrap {
  constructor(private readonly index: LeadIndex) {}

  onApplicationBootstrap(): void {
    this.index.listenForChanges();
  }
}
