import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Progress of running exports, kept in Redis: the delivery is one PostgreSQL transaction, so its own
 * rows cannot show progress to other processes until it commits.
 */
@Injectable()
export class ExportProgress {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  private key(exportId: string): string {
    return `${this.config.REDIS_KEY_PREFIX}:export-progress:${exportId}`;
  }

  async set(exportId: string, percent: number): Promise<void> {
    await this.redis.set(this.key(exportId), String(Math.floor(percent)), 'EX', DAY_SECONDS);
  }

  /** 0 when Redis cannot say: progress is a hint, and a status read never waits for it. */
  async get(exportId: string): Promise<number> {
    const percent = await this.redis.get(this.key(exportId)).catch(() => null);
    return Number(percent ?? 0);
  }
}
