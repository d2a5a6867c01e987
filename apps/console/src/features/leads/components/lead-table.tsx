import { Checkbox, Table, Text } from '@mantine/core';
import { type ColumnVisibilityState, type RowSelectionState, useTable } from '@tanstack/react-table';
import cardTable from '../../../shared/ui/card-table.module.css';
import classes from './lead-table.module.css';
import type { MaskedLead } from '../api/leads.types';
import { leadColumns, leadTableFeatures } from './lead-columns';
import { TableRegion } from '../../../shared/ui/table-region';

/** The selected leads by id, kept by the page across pages of rows (the table holds one page at a time). */
export type LeadSelection = RowSelectionState;

/**
 * A page of masked leads with a checkbox per row (the selection is kept by lead id across pages) and the
 * columns a person chose. On a phone each lead becomes a card with every fact named.
 */
export function LeadTable({
  leads,
  rowSelection,
  onRowSelectionChange,
  columnVisibility,
}: {
  leads: MaskedLead[];
  rowSelection: LeadSelection;
  onRowSelectionChange: (next: LeadSelection) => void;
  columnVisibility: ColumnVisibilityState;
}) {
  const table = useTable({
    features: leadTableFeatures,
    columns: leadColumns,
    data: leads,
    getRowId: (lead) => lead.id,
    state: { rowSelection, columnVisibility },
    onRowSelectionChange: (updater) => onRowSelectionChange(typeof updater === 'function' ? updater(rowSelection) : updater),
  });
  const allOnPage = table.getIsAllPageRowsSelected();
  const someOnPage = table.getIsSomePageRowsSelected();

  return (
    <TableRegion label="Leads table">
      <Table verticalSpacing="xs" horizontalSpacing={8} highlightOnHover className={`${cardTable.table} ${classes.table}`}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) =>
                header.column.id === 'select' ? (
                  <Table.Th key={header.id} scope="col" w={40}>
                    <Checkbox
                      aria-label="Select every lead on this page"
                      checked={allOnPage}
                      indeterminate={!allOnPage && someOnPage}
                      onChange={(event) => table.toggleAllPageRowsSelected(event.currentTarget.checked)}
                    />
                  </Table.Th>
                ) : (
                  <Table.Th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid="lead-row"
              data-lead-id={row.id}
              bg={row.getIsSelected() ? 'var(--mantine-color-indigo-light)' : undefined}
            >
              {row.getVisibleCells().map((cell) => {
                const id = cell.column.id;
                if (id === 'select')
                  return (
                    <Table.Td key={cell.id}>
                      <Checkbox
                        aria-label={`Select ${row.original.fullName}`}
                        checked={row.getIsSelected()}
                        onChange={(event) => row.toggleSelected(event.currentTarget.checked)}
                      />
                    </Table.Td>
                  );
                if (id === 'name')
                  return (
                    <Table.Th key={cell.id} scope="row" fw={600} data-testid="lead-name">
                      {row.original.fullName}
                    </Table.Th>
                  );
                const header = String(cell.column.columnDef.header ?? id);
                return (
                  <Table.Td key={cell.id} data-label={header} data-column={id} data-testid={`lead-${id}`}>
                    {String(cell.getValue() ?? '') || (
                      <Text component="span" c="gray.7" inherit>
                        none
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
