import type { OperatorActionView } from '@lead-engine/contracts/console';
import { Table, Text } from '@mantine/core';
import { describeOperatorAction } from '../operator-action-words';
import { AccountMoment } from './account-moment';
import { TableRegion } from '../../../shared/ui/table-region';

/** What operators did to the account, newest first: who, what in words, when. */
export function OperatorActionsTable({ actions }: { actions: OperatorActionView[] }) {
  if (actions.length === 0) return <Text data-testid="no-operator-actions">No operator has acted on this account from the app yet.</Text>;
  return (
    <TableRegion label="Operator actions table">
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((action) => (
            <Table.Tr key={action.id} data-testid="operator-action" data-action={action.action}>
              <Table.Td miw="14rem" data-testid="operator-action-what">
                {describeOperatorAction(action)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} title={action.operator.email} data-testid="operator-action-who">
                {action.operator.name || action.operator.email}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <AccountMoment iso={action.created_at} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
