import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { LEAD_COLUMNS, type LeadColumnId } from './lead-columns';

/** Show or hide the table's columns; the choice is remembered in this browser. */
export function ColumnChooser({ hidden, onChange }: { hidden: LeadColumnId[]; onChange: (hidden: LeadColumnId[]) => void }) {
  return (
    <Popover position="bottom-end" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default">Columns</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={600} mb={6}>
            Columns shown
          </Text>
          {LEAD_COLUMNS.map((column) => (
            <Checkbox
              key={column.id}
              label={column.label}
              checked={!hidden.includes(column.id)}
              onChange={(event) => onChange(event.currentTarget.checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
