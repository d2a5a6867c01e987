import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import type { EngineConfig } from '../../config/engine-config.schema';
import { isDatabaseUnreachable } from '../../infrastructure/database/is-database-unreachable';
import { PostgresAvailability } from '../../infrastructure/database/postgres-availability';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';

export interface CreditBalanceRow {
  balance: number;
  totalEarned: number;
  totalSpent: number;
}

/** What the trigger of migration 1763800500000 notifies on every committed balance change. */
const BALANCE_CHANNEL = 'account_balance_changed';
const MAX_ENTRIES = 100_000;
const CHANGING_MS = 5_000;
const RETRY_MS = 1_000;

/**
 * Committed balances kept in this process and dropped the moment PostgreSQL announces a change (a
 * trigger notifies on every balance update, whoever makes it). Nothing is kept while announcements
 * cannot be heard, a read that an announcement overtook is not kept, and an account this process
 * is changing is read from PostgreSQL for a while, so its own writer always reads its commit.
 */
@Injectable()
export class BalanceCache implements OnApplicationShutdown {
  private readonly logger = new Logger(BalanceCache.name);
  private readonly entries = new Map<string, CreditBalanceRow>();
  private readonly changingUntil = new Map<string, number>();
  /** Bumped by every announcement, so a read that started before one is not kept. */
  private generation = 0;
  private listener: Client | null = null;
  private connecting = false;
  private nextAttemptAt = 0;
  private closed = false;

  constructor(
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly postgresAvailability: PostgresAvailability,
  ) {}

  async read(accountId: string, load: () => Promise<CreditBalanceRow | null>): Promise<CreditBalanceRow | null> {
    if (this.listener) {
      const hit = this.entries.get(accountId);
      if (hit) return hit;
    } else {
      this.listen();
    }
    const generation = this.generation;
    const row = await load();
    if (row && this.listener && generation === this.generation && !this.isChanging(accountId)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(accountId, row);
    }
    return row;
  }

  /** Called inside a transaction that is about to change the account's balance. */
  willChange(accountId: string): void {
    this.forget(accountId);
    this.changingUntil.set(accountId, Date.now() + CHANGING_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private isChanging(accountId: string): boolean {
    const until = this.changingUntil.get(accountId);
    if (until === undefined) return false;
    if (Date.now() < until) return true;
    this.changingUntil.delete(accountId);
    return false;
  }

  private forget(accountId: string): void {
    this.generation++;
    this.entries.delete(accountId);
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  private listen(): void {
    if (this.connecting || this.closed || Date.now() < this.nextAttemptAt) return;
    this.connecting = true;
    this.nextAttemptAt = Date.now() + RETRY_MS;
    const client = new Client({
      connectionString: this.config.DATABASE_URL,
      application_name: 'lead-engine-balances',
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', (message) => {
      if (message.payload) this.forget(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${BALANCE_CHANNEL}`))
      .then(
        () => {
          if (this.closed) return void client.end().catch(() => undefined);
          this.forgetAll();
          this.listener = client;
        },
        (error: unknown) => {
          this.reportIfUnreachable(error, 'cannot listen for balance changes; balances are read from PostgreSQL');
          client.end().catch(() => undefined);
        },
      )
      .finally(() => (this.connecting = false));
  }

  private lost(client: Client, error?: Error): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.forgetAll();
    if (!this.closed) this.reportIfUnreachable(error, 'balance announcements lost; balances are read from PostgreSQL until heard again');
  }

  /** An outage is PostgresAvailability's to log, once; anything else is worth a warning of its own. */
  private reportIfUnreachable(error: unknown, message: string): void {
    if (error === undefined || isDatabaseUnreachable(error)) {
      this.postgresAvailability.reportUnreachable();
      this.logger.debug({ err: error }, message);
    } else {
      this.logger.warn({ err: error }, message);
    }
  }
}
