import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '../../../infrastructure/tokens';

export interface RedisOverview {
  version: string;
  usedMemoryBytes: number;
  /** null: no maxmemory set. */
  maxMemoryBytes: number | null;
}

/** `INFO` answers `field:value` lines under `# Section` headings. */
export function infoFields(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

/** The Redis server's version and memory, from INFO on the engine's own connection. */
@Injectable()
export class RedisOverviewRepository {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async overview(): Promise<RedisOverview> {
    const [server, memory] = await Promise.all([this.redis.info('server'), this.redis.info('memory')]);
    const fields = new Map([...infoFields(server), ...infoFields(memory)]);
    const maxMemory = Number(fields.get('maxmemory') ?? 0);
    return {
      version: fields.get('redis_version') ?? 'unknown',
      usedMemoryBytes: Number(fields.get('used_memory') ?? 0),
      maxMemoryBytes: maxMemory > 0 ? maxMemory : null,
    };
  }
}
