import type { OperatorRedis } from '@lead-engine/contracts/console';
import { formatBytes } from '../system-words';
import { FactTable } from './fact-table';

export function RedisFacts({ redis }: { redis: OperatorRedis }) {
  const used = formatBytes(redis.used_memory_bytes);
  return (
    <FactTable
      facts={[
        { label: 'Version', value: redis.version, testId: 'redis-version' },
        {
          label: 'Memory',
          value: redis.max_memory_bytes === null ? `${used} used, no limit` : `${used} used of ${formatBytes(redis.max_memory_bytes)}`,
          testId: 'redis-memory',
        },
      ]}
    />
  );
}
