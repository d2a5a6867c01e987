import { Inject, Injectable } from '@nestjs/common';
import { RevealRequest, RevealResponse } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import type { ChargingKey } from '../../identity/charging-key';
import { EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { toRevealedLead } from '../lead-rows';
import { LeadsRepository } from '../leads.repository';
import { RevealQuote, RevealQuotesRepository } from '../reveal-quotes.repository';
import { revealIdsDigest, revealIdsOf } from './reveal-ids';

export interface RevealCommand extends ChargingKey {
  request: Omit<RevealRequest, 'quote_id'>;
  /** A quote from QuoteRevealUseCase for exactly these leads: the reveal charges at most what it quoted, once. */
  quoteId?: string;
}

/**
 * All or nothing: in one transaction, with the account row locked so that concurrent reveals of the
 * same account queue behind each other, the leads not yet revealed are charged and recorded; if the
 * balance cannot cover them, nothing is charged or revealed. Given a quote, the quote's row is locked
 * too and marked paid in the same transaction, so the same quote never pays twice: a second reveal with
 * it answers what the first one did.
 */
@Injectable()
export class RevealLeadsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly leads: LeadsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
    private readonly quotes: RevealQuotesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ request, quoteId, ...key }: RevealCommand): Promise<RevealResponse> {
    const { accountId, apiKeyId, userId } = key;
    const ids = revealIdsOf(request.leadIds);

    // Contacts are read before the account is locked: reveals change who has seen a lead, never the lead.
    const rows = await this.leads.findLeadsById(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const revealed = ids.filter((id) => byId.has(id)).map((id) => toRevealedLead(byId.get(id)!));
    return this.dataSource.transaction(async (manager) => {
      await this.leads.lockAccount(manager, accountId);
      const quote = quoteId === undefined ? null : await this.quoteFor(manager, accountId, quoteId, ids);
      if (quote?.outcome) return { revealed, ...quote.outcome };
      const already = await this.leads.alreadyRevealed(manager, accountId, [...byId.keys()]);
      const fresh = rows.filter((row) => !already.has(row.id));
      if (quote && fresh.length > quote.credits) {
        throw new DomainError(
          'QUOTE_MISMATCH',
          `The quote was for ${quote.credits} credits; these leads now cost ${fresh.length}. Ask for a new quote.`,
        );
      }
      await this.keyBudget.execute(manager, key, fresh.length);
      if (fresh.length > 0) {
        const reference = `reveal:${randomUUID()}`;
        await this.moveCredits.spend(manager, { accountId, amount: fresh.length, reason: 'reveal', reference, apiKeyId, userId });
        await this.leads.insertReveals(manager, accountId, fresh, 'reveal', reference);
      }
      const outcome = {
        credits_charged: fresh.length,
        new_reveals: fresh.length,
        already_revealed: rows.length - fresh.length,
        not_found: ids.filter((id) => !byId.has(id)),
      };
      if (quote) await this.quotes.markPaid(manager, quote.id, outcome);
      return { revealed, ...outcome };
    });
  }

  /** The account's quote for exactly these leads; a paid one until housekeeping deletes it (30 days after payment), an unpaid one only before it expires. */
  private async quoteFor(manager: EntityManager, accountId: string, quoteId: string, ids: string[]): Promise<RevealQuote> {
    const quote = isUuid(quoteId) ? await this.quotes.lockForAccount(manager, accountId, quoteId.toLowerCase()) : null;
    if (!quote) throw new DomainError('QUOTE_NOT_FOUND', `No quote ${quoteId} on this account; call quote_reveal first.`);
    if (quote.leadIdsDigest !== revealIdsDigest(ids)) {
      throw new DomainError(
        'QUOTE_MISMATCH',
        'These are not the leads this quote was for; pass exactly the quoted leadIds, or ask for a new quote.',
      );
    }
    if (!quote.outcome && quote.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new DomainError(
        'QUOTE_EXPIRED',
        `This quote expired at ${quote.expiresAt.toISOString()}; nothing was charged. Ask for a new quote.`,
      );
    }
    return quote;
  }
}
