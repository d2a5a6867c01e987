import { Inject, Injectable } from '@nestjs/common';
import type { Overview } from '@lead-engine/contracts';
import { DomainError, judgeLowBalance } from '@lead-engine/core';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { netSpentLast7Days, OVERVIEW_DAYS, overviewDays, utcDayBefore } from '../overview-days';
import { UsageLedgerRepository } from '../usage-ledger.repository';
import { usageAccountOf } from '../usage-viewer';

/** Where the account's credits stand and where the last 30 days' went. */
@Injectable()
export class GetOverviewUseCase {
  constructor(
    private readonly ledger: UsageLedgerRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(viewer: ConsoleSessionPrincipal): Promise<Overview> {
    const accountId = usageAccountOf(viewer);
    const now = this.clock.now();
    const [account, totals, held] = await Promise.all([
      this.ledger.account(accountId),
      this.ledger.dayTotals(accountId, utcDayBefore(now, OVERVIEW_DAYS - 1)),
      this.ledger.heldJobs(accountId),
    ]);
    if (!account) throw new DomainError('SESSION_REQUIRED', 'The account is gone; sign in again.');
    const low = judgeLowBalance({
      balance: account.balance,
      threshold: account.lowBalanceThreshold,
      netSpentLast7Days: netSpentLast7Days(totals, now),
    });
    return {
      balance: account.balance,
      total_earned: account.totalEarned,
      total_spent: account.totalSpent,
      held: {
        credits: held.reduce((sum, job) => sum + job.credits, 0),
        jobs: held.map((job) => ({
          type: job.type,
          id: job.id,
          status: job.status,
          credits: job.credits,
          created_at: job.createdAt.toISOString(),
        })),
      },
      days: overviewDays(totals, now),
      low_balance: { low: low.low, threshold: account.lowBalanceThreshold, daily_spend_7d: low.dailySpend7d },
    };
  }
}
