import { Inject, Injectable } from '@nestjs/common';
import { ExportPrice, ExportQuoteRequest } from '@lead-engine/contracts';
import { normalizeFilters, scanLiveLeads } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { CreditsRepository } from '../../credits/credits.repository';
import type { ChargingKey } from '../../identity/charging-key';
import { LeadIndex } from '../../leads/lead-index';
import { RevealedRowsCache } from '../../leads/revealed-rows-cache';
import { TextSearchBudget } from '../../leads/text-search-budget';
import { ExportQuotesRepository } from '../export-quotes.repository';
import { deliveryLimitOf, exportRequestDigest } from './export-request';

/**
 * What an export of these filters would deliver now (the matching leads the account has not revealed,
 * up to the limit; 1 credit each), kept for MCP_QUOTE_TTL_MS so that an export started with the quote
 * charges at most that. Free; checks no budget.
 */
@Injectable()
export class QuoteExportUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly index: LeadIndex,
    private readonly revealedRows: RevealedRowsCache,
    private readonly textSearch: TextSearchBudget,
    private readonly credits: CreditsRepository,
    private readonly quotes: ExportQuotesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async execute(key: ChargingKey, request: ExportQuoteRequest): Promise<ExportPrice> {
    const { limit, ...filterSet } = request;
    const deliveryLimit = deliveryLimitOf(limit);
    const filters = normalizeFilters(filterSet);
    const table = await this.index.tableForRequest();
    const revealed = await this.revealedRows.revealedRows(key.accountId, table);
    const scan = this.textSearch.run(() => scanLiveLeads(table, filters, { excluded: revealed, limit: 0 }));
    const fresh = Math.min(scan.available, deliveryLimit);
    const balance = (await this.credits.readBalance(key.accountId))?.balance ?? 0;
    const quote = {
      id: randomUUID(),
      accountId: key.accountId,
      apiKeyId: key.apiKeyId,
      requestDigest: exportRequestDigest(filters, deliveryLimit),
      credits: fresh,
      expiresAt: new Date(this.clock.now().getTime() + this.config.MCP_QUOTE_TTL_MS),
    };
    await this.quotes.create(this.dataSource.manager, quote);
    return {
      new: fresh,
      already_revealed: scan.matched - scan.available,
      credits: fresh,
      balance,
      quote_id: quote.id,
      expires_at: quote.expiresAt.toISOString(),
    };
  }
}
