import type { UsageDay } from '@lead-engine/contracts/console';
import { Alert, Box, Button, Group, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DAY_SERIES, formatDay } from './usage-kinds';

const number = new Intl.NumberFormat('en-US');

/**
 * The last 30 UTC days stacked by kind, refunds below zero; chart.js is fetched only when this draws.
 * "Show as table" gives the same numbers as a table.
 */
export function UsageChart({ days }: { days: UsageDay[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [asTable, setAsTable] = useState(false);
  const empty = days.every((day) => DAY_SERIES.every((series) => day[series.key] === 0));

  useEffect(() => {
    let chart: { destroy: () => void } | undefined;
    let cancelled = false;
    import('./usage-chart.draw')
      .then(({ drawUsageChart }) => {
        if (!cancelled && canvas.current) chart = drawUsageChart(canvas.current, days);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days]);

  return (
    <Box>
      {empty && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="no-spending">
          Nothing spent in the last 30 days.
        </Text>
      )}
      {failed ? (
        <Alert color="gray" role="status">
          The chart could not be loaded; the table below has the same numbers.
        </Alert>
      ) : (
        <Box h={280} pos="relative">
          <canvas
            ref={canvas}
            role="img"
            aria-label="Credits spent per day over the last 30 UTC days, stacked by kind, with refunds below zero. The same numbers are in the table."
            data-testid="usage-chart"
          />
        </Box>
      )}
      <Group mt="sm">
        <Button
          variant="default"
          size="xs"
          aria-expanded={asTable || failed}
          onClick={() => setAsTable((shown) => !shown)}
          disabled={failed}
        >
          {asTable || failed ? 'Hide table' : 'Show as table'}
        </Button>
      </Group>
      {(asTable || failed) && <UsageDaysTable days={days} />}
    </Box>
  );
}

function UsageDaysTable({ days }: { days: UsageDay[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label="Credits per day table" mt="sm">
      <Table striped verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          Credits spent per day (UTC), newest first, and refunds
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {DAY_SERIES.map((series) => (
              <Table.Th key={series.key} scope="col" style={{ textAlign: 'right' }}>
                {series.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...days].reverse().map((day) => (
            <Table.Tr key={day.day} data-testid="usage-day" data-day={day.day}>
              <Table.Th scope="row" fw={500}>
                <time dateTime={day.day}>{formatDay(day.day)}</time>
              </Table.Th>
              {DAY_SERIES.map((series) => (
                <Table.Td key={series.key} data-kind={series.key} style={{ textAlign: 'right' }}>
                  {number.format(day[series.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
