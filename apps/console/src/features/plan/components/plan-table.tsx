import type { PlanView } from '@lead-engine/contracts/console';
import { Badge, Table, Text } from '@mantine/core';
import { formatCredits, planLabel } from '../../../shared/lib/plan-format';

/** Every plan and what it grants per month; the account's own is marked. */
export function PlanTable({ view }: { view: PlanView }) {
  return (
    <Table verticalSpacing="sm" aria-label="Plans and their monthly credits">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Plan</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            Credits per month
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.plans.map((offer) => {
          const current = offer.name === view.plan;
          return (
            <Table.Tr key={offer.name} data-testid="plan-offer" data-plan={offer.name} aria-current={current ? 'true' : undefined}>
              <Table.Th scope="row" fw={current ? 700 : 500}>
                {planLabel(offer.name)}{' '}
                {current && (
                  <Badge variant="filled" color="indigo.9" ml={4} data-testid="current-plan-badge">
                    Your plan
                  </Badge>
                )}
              </Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>
                <Text component="span" fw={current ? 700 : 400}>
                  {formatCredits(offer.monthly_credits)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
