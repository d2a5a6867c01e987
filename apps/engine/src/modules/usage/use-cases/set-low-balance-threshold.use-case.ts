import { Injectable } from '@nestjs/common';
import type { Overview } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { UsageLedgerRepository } from '../usage-ledger.repository';
import { usageAccountOf } from '../usage-viewer';
import { GetOverviewUseCase } from './get-overview.use-case';

/** The owner's own warning line for the balance; members only see it. */
@Injectable()
export class SetLowBalanceThresholdUseCase {
  constructor(
    private readonly ledger: UsageLedgerRepository,
    private readonly overview: GetOverviewUseCase,
  ) {}

  async execute(viewer: ConsoleSessionPrincipal, threshold: number | null): Promise<Overview> {
    const accountId = usageAccountOf(viewer);
    if (viewer.role !== 'owner') throw new DomainError('FORBIDDEN', 'Only an owner sets the low-balance threshold.');
    await this.ledger.setLowBalanceThreshold(accountId, threshold);
    return this.overview.execute(viewer);
  }
}
