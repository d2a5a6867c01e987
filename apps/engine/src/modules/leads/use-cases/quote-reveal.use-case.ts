import { Inject, Injectable } from '@nestjs/common';
import type { RevealPrice } from '@lead-engine/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import type { ChargingKey } from '../../identity/charging-key';
import { LeadsRepository } from '../leads.repository';
import { RevealQuotesRepository } from '../reveal-quotes.repository';
import { revealIdsDigest, revealIdsOf } from './reveal-ids';

/**
 * What revealing these leads would cost now (1 credit per lead the account has not revealed), kept for
 * MCP_QUOTE_TTL_MS so that a reveal given the quote charges at most that. Free; checks no budget.
 */
@Injectable()
export class QuoteRevealUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly leads: LeadsRepository,
    private readonly quotes: RevealQuotesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async execute(key: ChargingKey, leadIds: string[] | undefined): Promise<RevealPrice> {
    const ids = revealIdsOf(leadIds);
    const rows = await this.leads.findLeadsById(ids);
    const found = new Set(rows.map((row) => row.id));
    const already = await this.leads.alreadyRevealed(this.dataSource.manager, key.accountId, [...found]);
    const fresh = found.size - already.size;
    const quote = {
      id: randomUUID(),
      accountId: key.accountId,
      apiKeyId: key.apiKeyId,
      leadIdsDigest: revealIdsDigest(ids),
      leadCount: ids.length,
      credits: fresh,
      expiresAt: new Date(this.clock.now().getTime() + this.config.MCP_QUOTE_TTL_MS),
    };
    await this.quotes.create(this.dataSource.manager, quote);
    return {
      new: fresh,
      already_revealed: already.size,
      not_found: ids.filter((id) => !found.has(id)),
      credits: fresh,
      quote_id: quote.id,
      expires_at: quote.expiresAt.toISOString(),
    };
  }
}
