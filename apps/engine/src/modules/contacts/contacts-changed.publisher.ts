import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';

/** Tells every engine process (their LeadIndex listens) that contacts changed, so they reload. */
@Injectable()
export class ContactsChangedPublisher {
  private readonly logger = new Logger(ContactsChangedPublisher.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  /** Never fails the write it follows: the rows are committed whether or not Redis hears of it. */
  async announce(): Promise<void> {
    try {
      await this.redis.publish(`${this.config.REDIS_KEY_PREFIX}:contacts-changed`, String(Date.now()));
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce changed contacts; running engines keep their current lead index');
    }
  }
}
