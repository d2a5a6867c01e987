import { Inject, Injectable } from '@nestjs/common';
import type { HealthResponse } from '@lead-engine/contracts';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { ENGINE_VERSION } from '../../engine-version';

const PROBE_TIMEOUT_MS = 1_500;

@Injectable()
export class CheckHealthUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async execute(): Promise<HealthResponse> {
    const [postgres, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    return {
      status: postgres === 'up' && redis === 'up' ? 'ok' : 'degraded',
      postgres,
      redis,
      version: ENGINE_VERSION,
      role: this.config.ENGINE_ROLE,
    };
  }
}

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
