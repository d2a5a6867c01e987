import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../../infrastructure/tokens';
import type { EngineProcessReport } from './engine-process-report';

/** How often a process reports itself, and how long a report counts as recent. */
export const REPORT_EVERY_MS = 10_000;
export const SEEN_WITHIN_MS = 60_000;

/** Room for more processes than any deployment runs, so one read stays bounded. */
const MOST_PROCESSES = 500;

/**
 * The engine processes' reports in Redis: each under a key of its own that expires when the process
 * stops reporting, and an index of ids by last report, pruned as reports arrive.
 */
@Injectable()
export class EngineProcessesRepository {
  private readonly indexKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {
    this.indexKey = `${config.REDIS_KEY_PREFIX}:engine-processes`;
  }

  async publish(report: EngineProcessReport): Promise<void> {
    const seenAt = Date.parse(report.seenAt);
    await this.redis
      .multi()
      .set(this.reportKey(report.id), JSON.stringify(report), 'PX', SEEN_WITHIN_MS)
      .zadd(this.indexKey, seenAt, report.id)
      .zremrangebyscore(this.indexKey, '-inf', seenAt - SEEN_WITHIN_MS)
      .exec();
  }

  async withdraw(id: string): Promise<void> {
    await this.redis.multi().del(this.reportKey(id)).zrem(this.indexKey, id).exec();
  }

  /** The reports of the processes seen since `now` less SEEN_WITHIN_MS. */
  async recent(now: Date): Promise<EngineProcessReport[]> {
    const ids = await this.redis.zrangebyscore(this.indexKey, now.getTime() - SEEN_WITHIN_MS, '+inf', 'LIMIT', 0, MOST_PROCESSES);
    if (ids.length === 0) return [];
    const reports = await this.redis.mget(ids.map((id) => this.reportKey(id)));
    return reports.flatMap((report) => (report === null ? [] : [JSON.parse(report) as EngineProcessReport]));
  }

  private reportKey(id: string): string {
    return `${this.indexKey}:${id}`;
  }
}
