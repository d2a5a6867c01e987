import { Inject, Injectable } from '@nestjs/common';
import type { LeadTableHealth, ReadinessChecks, ReadinessResponse } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { LeadIndex } from '../leads/lead-index';
import { probeServices } from './probe';

/**
 * Whether this process can serve its role now: what an orchestrator or a load balancer asks before
 * sending it traffic. Every check is reported, and the first failing one gives the reason.
 */
@Injectable()
export class CheckReadinessUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly leadIndex: LeadIndex,
  ) {}

  async execute(): Promise<ReadinessResponse> {
    const { postgres, redis } = await probeServices(this.dataSource, this.redis);
    const pending = postgres === 'up' ? await this.dataSource.showMigrations().catch(() => null) : null;
    const table = this.leadIndex.health();
    const checks: ReadinessChecks = {
      postgres,
      redis,
      migrations: pending === null ? 'unknown' : pending ? 'pending' : 'current',
      leadTable: this.leadTableCheck(table),
    };
    const reason = reasonNotReady(checks, table);
    if (reason) throw new DomainError('NOT_READY', reason, { checks });
    return { status: 'ready', checks };
  }

  private leadTableCheck({ state }: LeadTableHealth): ReadinessChecks['leadTable'] {
    if (state === 'ready') return 'loaded';
    if (state === 'loading' || state === 'failed') return state;
    return this.config.ENGINE_ROLE === 'worker' ? 'not-needed' : 'loading';
  }
}

function reasonNotReady(checks: ReadinessChecks, table: LeadTableHealth): string | null {
  if (checks.postgres === 'down') return 'PostgreSQL does not answer';
  if (checks.redis === 'down') return 'Redis does not answer';
  if (checks.migrations !== 'current') return 'database migrations are pending; the engine runs them when it starts';
  if (table.state === 'loading') {
    const progress = table.totalContacts === null ? '' : ` (${table.loadedContacts} of ${table.totalContacts} contacts)`;
    return `the lead table is loading from ${table.source === 'snapshot' ? 'its snapshot' : 'PostgreSQL'}${progress}`;
  }
  if (table.state === 'failed') return `the lead table failed to load: ${table.reason}`;
  if (checks.leadTable === 'loading') return 'the lead table has not started loading';
  return null;
}
