import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { OutageLog } from '../outage-log';
import { redactUrl } from '../preflight/redact-url';
import { ENGINE_CONFIG } from '../tokens';

const PROBE_EVERY_MS = 500;

/**
 * Keeps the log of a PostgreSQL outage to two lines: whoever meets an unreachable database reports it
 * here; the first report logs the loss and starts probing, and the first probe that gets through logs
 * the return. Requests are not held back: each one that needs PostgreSQL fails fast by itself.
 */
@Injectable()
export class PostgresAvailability implements OnModuleDestroy {
  private readonly outage: OutageLog;
  private probe: NodeJS.Timeout | null = null;
  private closing = false;
  private waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
  ) {
    this.outage = new OutageLog(new Logger('PostgreSQL'), 'PostgreSQL', { postgres: redactUrl(config.DATABASE_URL) });
  }

  reportUnreachable(): void {
    if (this.closing) return;
    if (this.outage.begin('lead endpoints answer LEADS_SOURCE_DOWN, the others SERVICE_UNAVAILABLE, until it is back')) this.probeSoon();
  }

  /** Resolves at once while PostgreSQL is up, else when it is back; rejects if the process shuts down first. */
  whenBack(): Promise<void> {
    if (!this.outage.ongoing) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  onModuleDestroy(): void {
    this.closing = true;
    if (this.probe) clearTimeout(this.probe);
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('shutting down while PostgreSQL is unreachable'));
  }

  private probeSoon(): void {
    this.probe = setTimeout(() => {
      this.dataSource.query('SELECT 1').then(
        () => this.back(),
        () => (this.closing ? undefined : this.probeSoon()),
      );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }

  private back(): void {
    if (this.outage.end()) for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }
}
