import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { duplicateForSubscribing } from '../../infrastructure/redis/create-redis-client';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';

/** Tells every engine process that a key was revoked, so cached lookups are dropped at once. */
@Injectable()
export class ApiKeyRevocations implements OnModuleDestroy {
  private readonly logger = new Logger(ApiKeyRevocations.name);
  private subscriber: Redis | null = null;
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
  ) {
    this.channel = `${config.REDIS_KEY_PREFIX}:api-key-revoked`;
  }

  async announce(lookupPrefix: string): Promise<void> {
    try {
      await this.redis.publish(this.channel, lookupPrefix);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a revocation; caches expire within a second anyway');
    }
  }

  listen(onRevoked: (lookupPrefix: string) => void): void {
    if (this.subscriber) return;
    this.subscriber = duplicateForSubscribing(this.redis);
    this.subscriber.on('message', (_channel, lookupPrefix: string) => onRevoked(lookupPrefix));
    this.subscriber.subscribe(this.channel).catch((error) => this.logger.warn({ err: error }, 'could not subscribe to revocations'));
  }

  async onModuleDestroy(): Promise<void> {
    if (this.subscriber) this.subscriber.disconnect();
  }
}
