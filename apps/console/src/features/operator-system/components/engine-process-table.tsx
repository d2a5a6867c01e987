import type { OperatorEngineProcess } from '@lead-engine/contracts/console';
import { Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/lib/format-date';
import { formatAgo, formatCount, formatDuration } from '../system-words';
import { LeadTableState } from './lead-table-state';
import { TableRegion } from '../../../shared/ui/table-region';

const ROLES: Record<OperatorEngineProcess['role'], string> = { api: 'API', worker: 'Worker', all: 'API and worker' };
const SOURCES = { snapshot: 'Snapshot', database: 'PostgreSQL' } as const;
const RIGHT = { textAlign: 'right' } as const;
const DIVIDER = { borderLeft: '1px solid var(--mantine-color-gray-3)' } as const;

/**
 * One row per engine process with its lead table; wider than a phone, it scrolls sideways in its own
 * region, never the page. `now` is when the figures were read.
 */
export function EngineProcessTable({ processes, now }: { processes: OperatorEngineProcess[]; now: number }) {
  return (
    <TableRegion label="Engine processes table">
      <Table verticalSpacing="xs" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="colgroup" colSpan={3}>
              Process
            </Table.Th>
            <Table.Th scope="colgroup" colSpan={7} style={DIVIDER}>
              Its lead table
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="col">Role · version</Table.Th>
            <Table.Th scope="col">Host · PID</Table.Th>
            <Table.Th scope="col">Running</Table.Th>
            <Table.Th scope="col" style={DIVIDER}>
              State
            </Table.Th>
            <Table.Th scope="col">Source</Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Contacts
            </Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Segments
            </Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Deltas
            </Table.Th>
            <Table.Th scope="col">Snapshot</Table.Th>
            <Table.Th scope="col">Changed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {processes.map((process) => {
            const table = process.lead_table;
            return (
              <Table.Tr key={process.id} data-testid="engine-process" data-pid={process.pid}>
                <Table.Th scope="row">
                  <Text fw={600} inherit data-testid="process-role">
                    {ROLES[process.role]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    version <span data-testid="process-version">{process.version}</span>
                  </Text>
                </Table.Th>
                <Table.Td>
                  {process.host} · {process.pid}
                </Table.Td>
                <Table.Td>
                  <Text inherit>
                    started <Moment iso={process.started_at} now={now} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    seen{' '}
                    <span data-testid="process-last-seen">
                      <Moment iso={process.last_seen_at} now={now} />
                    </span>
                  </Text>
                </Table.Td>
                <Table.Td data-testid="lead-table-state" style={DIVIDER}>
                  <LeadTableState table={table} />
                </Table.Td>
                <Table.Td data-testid="lead-table-source">{table.source ? SOURCES[table.source] : <Unknown />}</Table.Td>
                <Table.Td data-testid="lead-table-contacts" style={RIGHT}>
                  {formatCount(table.contacts)}
                </Table.Td>
                <Table.Td data-testid="lead-table-segments" style={RIGHT}>
                  {formatCount(table.segments)}
                </Table.Td>
                <Table.Td data-testid="lead-table-deltas" style={RIGHT}>
                  {formatCount(table.deltas)}
                </Table.Td>
                <Table.Td data-testid="lead-table-snapshot-age">
                  {table.snapshot_age_seconds === null ? (
                    <Unknown words="no snapshot" />
                  ) : (
                    `${formatDuration(table.snapshot_age_seconds)} old`
                  )}
                </Table.Td>
                <Table.Td data-testid="lead-table-changed">
                  {table.changed_at ? <Moment iso={table.changed_at} now={now} /> : <Unknown />}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

function Moment({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatAgo(iso, now)}
    </time>
  );
}

function Unknown({ words = 'not yet' }: { words?: string }) {
  return (
    <Text component="span" c="dimmed" inherit>
      {words}
    </Text>
  );
}
