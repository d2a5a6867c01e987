import type { ContactImport } from '@lead-engine/contracts/console';
import { Anchor, Table } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatRelative } from '../../../shared/lib/format-date';
import { importSource, number } from '../contact-import-words';
import { ImportStatusBadge } from './import-status-badge';
import { TableRegion } from '../../../shared/ui/table-region';

const RIGHT = { textAlign: 'right' } as const;

/** The latest imports, each opening its details; wider than a phone, the table scrolls in its own region. */
export function RecentImportsTable({ imports, openId }: { imports: ContactImport[]; openId: string | undefined }) {
  return (
    <TableRegion label="Recent imports table">
      <Table verticalSpacing="xs" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Source</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Rows read
            </Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Imported
            </Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Updated
            </Table.Th>
            <Table.Th scope="col" style={RIGHT}>
              Rejected
            </Table.Th>
            <Table.Th scope="col">Started by</Table.Th>
            <Table.Th scope="col">Started</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((listed) => (
            <Table.Tr key={listed.id} data-testid="recent-import" data-import-id={listed.id}>
              <Table.Th scope="row" fw={600}>
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/operator/contacts" search={{ import: listed.id }} />}
                  display="block"
                  maw="16rem"
                  truncate="end"
                  title={importSource(listed)}
                  aria-current={listed.id === openId ? 'true' : undefined}
                  data-testid="recent-import-source"
                >
                  {importSource(listed)}
                </Anchor>
              </Table.Th>
              <Table.Td>
                <ImportStatusBadge status={listed.status} />
              </Table.Td>
              <Table.Td style={RIGHT}>{number.format(listed.rows_read)}</Table.Td>
              <Table.Td style={RIGHT} data-testid="recent-import-imported">
                {number.format(listed.imported)}
              </Table.Td>
              <Table.Td style={RIGHT}>{number.format(listed.updated)}</Table.Td>
              <Table.Td style={RIGHT} data-testid="recent-import-rejected">
                {number.format(listed.rejected)}
              </Table.Td>
              <Table.Td>{listed.started_by?.email ?? 'a removed user'}</Table.Td>
              <Table.Td>
                <time dateTime={listed.created_at} title={formatDateTime(listed.created_at)}>
                  {formatRelative(listed.created_at)}
                </time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
