import { Injectable } from '@nestjs/common';
import { MAX_REVEAL_IDS, RevealRequest, RevealResponse } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ChargingKey, EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { toRevealedLead } from '../lead-rows';
import { LeadsRepository } from '../leads.repository';

export interface RevealCommand extends ChargingKey {
  request: RevealRequest;
}

/**
 * All or nothing: in one transaction, with the account row locked so that concurrent reveals of the
 * same account queue behind each other, the leads not yet revealed are charged and recorded; if the
 * balance cannot cover them, nothing is charged or revealed.
 */
@Injectable()
export class RevealLeadsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly leads: LeadsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
  ) {}

  async execute({ request, ...key }: RevealCommand): Promise<RevealResponse> {
    const { accountId, apiKeyId } = key;
    const requested = request.leadIds ?? [];
    if (requested.length === 0) throw new DomainError('LEAD_IDS_REQUIRED', 'Give leadIds: the ids of leads from browse.');
    const malformed = requested.find((id) => !isUuid(id.trim()));
    if (malformed !== undefined) throw new DomainError('BAD_ID', `"${malformed}" is not a lead id; nothing was revealed.`);
    const ids = [...new Set(requested.map((id) => id.trim().toLowerCase()))];
    if (ids.length > MAX_REVEAL_IDS) {
      throw new DomainError('TOO_MANY_LEADS', `At most ${MAX_REVEAL_IDS} leads per reveal; this request has ${ids.length}.`);
    }

    // Contacts are read before the account is locked: reveals change who has seen a lead, never the lead.
    const rows = await this.leads.findLeadsById(ids);
    return this.dataSource.transaction(async (manager) => {
      await this.leads.lockAccount(manager, accountId);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const already = await this.leads.alreadyRevealed(manager, accountId, [...byId.keys()]);
      const fresh = rows.filter((row) => !already.has(row.id));
      await this.keyBudget.execute(manager, key, fresh.length);
      if (fresh.length > 0) {
        const reference = `reveal:${randomUUID()}`;
        await this.moveCredits.spend(manager, { accountId, amount: fresh.length, reason: 'reveal', reference, apiKeyId });
        await this.leads.insertReveals(manager, accountId, fresh, 'reveal', reference);
      }
      return {
        revealed: ids.filter((id) => byId.has(id)).map((id) => toRevealedLead(byId.get(id)!)),
        credits_charged: fresh.length,
        new_reveals: fresh.length,
        already_revealed: rows.length - fresh.length,
        not_found: ids.filter((id) => !byId.has(id)),
      };
    });
  }
}
