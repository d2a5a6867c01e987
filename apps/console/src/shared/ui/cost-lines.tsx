import { Table } from '@mantine/core';

const number = new Intl.NumberFormat('en-US');
/** "100 credits" stays on one line at 390 px; the words beside it wrap instead. */
const nowrap = { whiteSpace: 'nowrap' } as const;

export const credits = (count: number) => `${number.format(count)} ${count === 1 ? 'credit' : 'credits'}`;

/** What a reveal, an export, a scrape or an enrichment would cost or hold, line by line, and the balance after it. */
export function CostLines({
  lines,
  total,
  balance,
  totalLabel = 'Total',
}: {
  lines: Array<[string, string]>;
  total: number;
  balance: number;
  totalLabel?: string;
}) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="cost">
      <Table.Tbody>
        {lines.map(([what, cost]) => (
          <Table.Tr key={what}>
            <Table.Th scope="row" fw={400}>
              {what}
            </Table.Th>
            <Table.Td ta="right" style={nowrap}>
              {cost}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Table.Th scope="row">{totalLabel}</Table.Th>
          <Table.Td ta="right" style={nowrap} fw={700} data-testid="cost-total">
            {credits(total)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            Balance now
          </Table.Th>
          <Table.Td ta="right" style={nowrap} data-testid="balance-now">
            {credits(balance)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Balance after</Table.Th>
          <Table.Td ta="right" style={nowrap} fw={700} data-testid="balance-after">
            {credits(Math.max(0, balance - total))}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
