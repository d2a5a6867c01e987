import { Injectable } from '@nestjs/common';
import type { ConsoleScrapeQuote, ScrapeCreateRequest } from '@lead-engine/contracts';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import { scrapeHoldOf, scrapeTargetsOf } from '../scrape-targets';

/** What starting a scrape of these domains would hold, and the balance now; free, writes nothing. */
@Injectable()
export class QuoteScrapeUseCase {
  constructor(private readonly creditBalance: GetCreditBalanceUseCase) {}

  async execute(accountId: string, request: ScrapeCreateRequest): Promise<ConsoleScrapeQuote> {
    const targets = scrapeTargetsOf(request);
    const { balance } = await this.creditBalance.execute(accountId);
    return { sites: targets.length, credits: scrapeHoldOf(targets), balance };
  }
}
