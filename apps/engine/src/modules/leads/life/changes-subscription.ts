import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { duplicateForSubscribing } from '../../../infrastructure/redis/create-redis-client';
import type { RedisAvailability } from '../../../infrastructure/redis/redis-availability';

/**
 * Hears the contacts-changed announcements of every engine process (see ContactsChangedPublisher), and
 * Redis coming back: announcements made while it was away are lost, and the changes since the table's
 * version are read anyway.
 */
export class ChangesSubscription {
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly redisAvailability: RedisAvailability,
    private readonly logger: Logger,
  ) {}

  listen(channel: string, changed: () => void): void {
    if (this.subscriber) return;
    this.subscriber = duplicateForSubscribing(this.redis);
    this.subscriber.on('message', changed);
    this.redisAvailability.onReturn(changed);
    this.subscriber.subscribe(channel).catch((error) => this.logger.warn({ err: error }, 'could not subscribe to contacts-changed'));
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}
