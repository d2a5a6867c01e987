import { Inject, Injectable } from '@nestjs/common';
import type { HealthResponse } from '@lead-engine/contracts';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { ENGINE_VERSION } from '../../engine-version';
import { LeadIndex } from '../leads/lead-index';
import { probeServices } from './probe';

@Injectable()
export class CheckHealthUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly leadIndex: LeadIndex,
  ) {}

  async execute(): Promise<HealthResponse> {
    const { postgres, redis } = await probeServices(this.dataSource, this.redis);
    return {
      status: postgres === 'up' && redis === 'up' ? 'ok' : 'degraded',
      postgres,
      redis,
      version: ENGINE_VERSION,
      role: this.config.ENGINE_ROLE,
      leadTable: this.leadIndex.health(),
    };
  }
}
