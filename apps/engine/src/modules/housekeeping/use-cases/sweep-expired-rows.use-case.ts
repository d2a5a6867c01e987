import { Inject, Injectable } from '@nestjs/common';
import { expiredRowCutoffs } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { sessionLimitsAt } from '../../users/session-starter';
import { ExpiredRowsRepository } from '../expired-rows.repository';

/** Rows one statement deletes at most. */
export const SWEEP_BATCH_ROWS = 1000;

export interface SweepCommand {
  /** When another process holds the sweep lock: `skip` answers null at once, `wait` sweeps after it. */
  whenLocked: 'skip' | 'wait';
  /** Aborted: the sweep stops after the batch it is deleting (what it deleted so far is counted). */
  signal?: AbortSignal;
}

/** Rows deleted, per table. */
export interface SweptRows {
  revealQuotes: number;
  exportQuotes: number;
  sessions: number;
  invites: number;
}

/**
 * Deletes what nobody can use any more: quotes an hour past their expiry that were never paid or used,
 * paid reveal quotes 30 days after payment and used export quotes 30 days after expiry (a retry with
 * their quote_id then answers QUOTE_NOT_FOUND; the exports they started stay), console sessions that
 * are over, and invite and password links a day past their expiry. Under an advisory lock, so two
 * processes never sweep at once; every batch commits on its own.
 */
@Injectable()
export class SweepExpiredRowsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rows: ExpiredRowsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  execute(command: SweepCommand & { whenLocked: 'wait' }): Promise<SweptRows>;
  execute(command: SweepCommand): Promise<SweptRows | null>;
  async execute({ whenLocked, signal }: SweepCommand): Promise<SweptRows | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let locked = false;
    try {
      locked = whenLocked === 'wait' ? await this.rows.lock(runner.manager).then(() => true) : await this.rows.tryLock(runner.manager);
      if (!locked) return null;
      return await this.sweep(runner.manager, signal);
    } finally {
      if (locked) await this.rows.unlock(runner.manager).catch(() => undefined);
      await runner.release();
    }
  }

  private async sweep(manager: EntityManager, signal: AbortSignal | undefined): Promise<SweptRows> {
    const now = this.clock.now();
    const cutoffs = expiredRowCutoffs(now, this.config.MCP_QUOTE_TTL_MS);
    const inBatches = async (deleteBatch: (limit: number) => Promise<number>): Promise<number> => {
      let total = 0;
      for (;;) {
        if (signal?.aborted) return total;
        const deleted = await deleteBatch(SWEEP_BATCH_ROWS);
        total += deleted;
        if (deleted < SWEEP_BATCH_ROWS) return total;
      }
    };
    // Paid quotes first: the unpaid ones' statement then finds no old paid ones ahead of it in the index.
    const paidRevealQuotes = await inBatches((limit) =>
      this.rows.deletePaidRevealQuotes(manager, cutoffs.revealQuotesPaidBefore, cutoffs.paidRevealQuotesExpiredBefore, limit),
    );
    const unpaidRevealQuotes = await inBatches((limit) =>
      this.rows.deleteUnpaidRevealQuotes(manager, cutoffs.unsettledQuotesExpiredBefore, limit),
    );
    const usedExportQuotes = await inBatches((limit) =>
      this.rows.deleteUsedExportQuotes(manager, cutoffs.usedExportQuotesExpiredBefore, limit),
    );
    const unusedExportQuotes = await inBatches((limit) =>
      this.rows.deleteUnusedExportQuotes(manager, cutoffs.unsettledQuotesExpiredBefore, limit),
    );
    const sessions = await inBatches((limit) => this.rows.deleteEndedSessions(manager, sessionLimitsAt(now), limit));
    const invites = await inBatches((limit) => this.rows.deleteExpiredInvites(manager, cutoffs.invitesExpiredBefore, limit));
    return {
      revealQuotes: paidRevealQuotes + unpaidRevealQuotes,
      exportQuotes: usedExportQuotes + unusedExportQuotes,
      sessions,
      invites,
    };
  }
}
