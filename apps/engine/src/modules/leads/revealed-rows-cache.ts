import { Inject, Injectable } from '@nestjs/common';
import { LeadTable, LiveLeadTable, LiveRevealedRows, RevealedRows } from '@lead-engine/core';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { LeadsRepository } from './leads.repository';

interface Entry {
  rows: LiveRevealedRows;
  /** The account's reveal version the rows are complete up to. */
  version: number;
  bytes: number;
}

/** The account's revealed rows in each table of a live lead table. */
export type RevealedRowsOf = (table: LeadTable) => RevealedRows;

/**
 * Each active account's revealed rows over the current lead table (its base and deltas), kept between requests. A request
 * reads the account's reveal version from PostgreSQL (one indexed row) and, when it moved, only the
 * reveals after the version known here, so the answer is exact across engine processes while its cost
 * follows the page, not the account's history. Memory is bounded by REVEAL_CACHE_MB; the least recently
 * used accounts go first and are read whole again when they come back. A lead table loaded again whole
 * numbers its rows anew: each account's rows are carried over in one pass; a delta costs only its own rows.
 */
@Injectable()
export class RevealedRowsCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<RevealedRowsOf>>();
  private readonly budgetBytes: number;
  private bytes = 0;

  constructor(
    private readonly leads: LeadsRepository,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
  ) {
    this.budgetBytes = config.REVEAL_CACHE_MB * 1024 * 1024;
  }

  /** The rows of each of the live table's tables the account has revealed or exported, as of this call. */
  async revealedRows(accountId: string, table: LiveLeadTable): Promise<RevealedRowsOf> {
    // One refresh per account at a time, so two requests never read the same delta twice.
    const previous = this.inFlight.get(accountId) ?? Promise.resolve(null);
    const current = previous.catch(() => null).then(() => this.refresh(accountId, table));
    this.inFlight.set(accountId, current);
    try {
      return await current;
    } finally {
      if (this.inFlight.get(accountId) === current) this.inFlight.delete(accountId);
    }
  }

  /** Memory held by the cached rows, in bytes. */
  get byteSize(): number {
    return this.bytes;
  }

  private async refresh(accountId: string, live: LiveLeadTable): Promise<RevealedRowsOf> {
    // The version first: every reveal up to it has committed, so the rows read next include them all.
    const version = await this.leads.revealVersion(accountId);
    const known = this.take(accountId);
    const segments = live.segments.map((segment) => segment.table);
    let entry: Entry;
    if (known) {
      // A segment merged, or the table loaded again whole, holds the same contacts at other rows: the known reveals move with them.
      const rows = known.rows.isOver(segments) ? known.rows : known.rows.rebasedOnto(segments);
      if (known.version !== version) await this.addReveals(accountId, known.version, rows);
      entry = { rows, version, bytes: 0 };
    } else {
      entry = { rows: await this.addReveals(accountId, -1, new LiveRevealedRows(segments)), version, bytes: 0 };
    }
    entry.rows.keepDeltas(live.deltas.map((delta) => delta.table));
    this.keep(accountId, entry);
    const { rows } = entry;
    return (table) => rows.of(table);
  }

  private async addReveals(accountId: string, afterVersion: number, rows: LiveRevealedRows): Promise<LiveRevealedRows> {
    for await (const seqs of this.leads.revealedSeqsAfter(accountId, afterVersion)) rows.add(seqs);
    return rows;
  }

  private take(accountId: string): Entry | undefined {
    const entry = this.entries.get(accountId);
    if (!entry) return undefined;
    this.entries.delete(accountId);
    this.bytes -= entry.bytes;
    return entry;
  }

  /** Keeps the entry as the most recently used, then lets the least recently used go until within budget. */
  private keep(accountId: string, entry: Entry): void {
    entry.bytes = entry.rows.byteSize;
    if (entry.bytes > this.budgetBytes) return;
    this.entries.set(accountId, entry);
    this.bytes += entry.bytes;
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= evicted.bytes;
    }
  }
}
