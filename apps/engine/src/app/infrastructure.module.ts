import { BullModule } from '@nestjs/bull';
import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import Redis from 'ioredis';
import type { EngineConfig } from '../config/engine-config.schema';
import { CLOCK, systemClock } from '../infrastructure/clock/clock';
import { openDatabase } from '../infrastructure/database/create-data-source';
import { PostgresAvailability } from '../infrastructure/database/postgres-availability';
import { EngineMetrics } from '../infrastructure/metrics/engine-metrics';
import { connectFailFastRedis, redisOptionsFromUrl } from '../infrastructure/redis/create-redis-client';
import { RedisAvailability } from '../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../infrastructure/tokens';

class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** PostgreSQL, Redis, the Bull connection, the clock, the parsed config and the metrics registry, shared by every module. */
@Global()
@Module({})
export class InfrastructureModule {
  static register(config: EngineConfig): DynamicModule {
    return {
      module: InfrastructureModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres', url: config.DATABASE_URL, retryAttempts: 2, retryDelay: 1000 }),
          dataSourceFactory: async () =>
            openDatabase({ databaseUrl: config.DATABASE_URL, applicationName: `lead-engine-${config.ENGINE_ROLE}` }),
        }),
        BullModule.forRoot({
          redis: { ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: null, enableReadyCheck: false },
          prefix: `${config.REDIS_KEY_PREFIX}:bull`,
          settings: { lockDuration: config.JOB_LOCK_MS, stalledInterval: config.JOB_LOCK_MS, maxStalledCount: 3 },
        }),
      ],
      providers: [
        { provide: ENGINE_CONFIG, useValue: config },
        { provide: CLOCK, useValue: systemClock },
        { provide: REDIS, useFactory: () => connectFailFastRedis(config.REDIS_URL) },
        RedisAvailability,
        PostgresAvailability,
        RedisShutdown,
        EngineMetrics,
      ],
      exports: [ENGINE_CONFIG, CLOCK, REDIS, RedisAvailability, PostgresAvailability, BullModule, EngineMetrics],
    };
  }
}
