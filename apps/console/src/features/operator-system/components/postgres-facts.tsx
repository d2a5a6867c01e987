import type { OperatorPostgres } from '@lead-engine/contracts/console';
import { formatBytes, formatCount } from '../system-words';
import { FactTable } from './fact-table';

export function PostgresFacts({ postgres }: { postgres: OperatorPostgres }) {
  const { active, total, max } = postgres.connections;
  return (
    <FactTable
      facts={[
        { label: 'Version', value: postgres.version, testId: 'postgres-version' },
        { label: 'Database size', value: formatBytes(postgres.database_bytes), testId: 'postgres-size' },
        {
          label: 'Connections',
          value: `${formatCount(active)} active, ${formatCount(total)} open of ${formatCount(max)} allowed`,
          testId: 'postgres-connections',
        },
      ]}
    />
  );
}
