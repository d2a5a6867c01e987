import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../shared/lib/format-date';
import cardTable from '../../../shared/ui/card-table.module.css';
import type { RevealedLeadEntry } from '../api/leads.types';
import { TableRegion } from '../../../shared/ui/table-region';

const none = (
  <Text component="span" c="gray.7" inherit>
    none
  </Text>
);

/** How a lead became yours: a reveal, or the export (a link to its job) that delivered it. */
function RevealedThrough({ lead }: { lead: RevealedLeadEntry }) {
  if (lead.revealedThrough === 'reveal') return <>Reveal</>;
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/jobs/$type/$id" params={{ type: 'export', id: lead.exportId! }} />} inherit>
      Export
    </Anchor>
  );
}

/** Who paid: the user (the app, or a key they created) and the key, when there was one. */
function revealedBy(lead: RevealedLeadEntry): string {
  const { user, key } = lead.revealedBy;
  if (user && key) return `${user.name} (key ${key.name})`;
  if (user) return `${user.name} (in the app)`;
  if (key) return `key ${key.name}`;
  return 'the operator';
}

/**
 * The leads already yours, in full, newest first, with a checkbox each for a CSV of the chosen ones. On
 * a phone each lead becomes a card with every fact named.
 */
export function RevealedLeadTable({
  leads,
  selected,
  onSelect,
}: {
  leads: RevealedLeadEntry[];
  selected: Record<string, RevealedLeadEntry>;
  onSelect: (leads: RevealedLeadEntry[], on: boolean) => void;
}) {
  const allOnPage = leads.length > 0 && leads.every((lead) => selected[lead.id]);
  const someOnPage = leads.some((lead) => selected[lead.id]);
  return (
    <TableRegion label="Revealed leads table">
      <Table verticalSpacing="xs" highlightOnHover className={cardTable.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <Checkbox
                aria-label="Select every lead on this page"
                checked={allOnPage}
                indeterminate={!allOnPage && someOnPage}
                onChange={(event) => onSelect(leads, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Job title</Table.Th>
            <Table.Th scope="col">Company</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Revealed</Table.Th>
            <Table.Th scope="col">Phone</Table.Th>
            <Table.Th scope="col">Location</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr
              key={lead.id}
              data-testid="revealed-row"
              data-lead-id={lead.id}
              bg={selected[lead.id] ? 'var(--mantine-color-indigo-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${lead.fullName}`}
                  checked={Boolean(selected[lead.id])}
                  onChange={(event) => onSelect([lead], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Th scope="row" fw={600} data-testid="revealed-name" style={{ whiteSpace: 'nowrap' }}>
                {lead.fullName}
              </Table.Th>
              <Table.Td data-label="Job title">{lead.jobTitle || none}</Table.Td>
              <Table.Td data-label="Company">
                {lead.companyName}
                <Text size="sm" c="gray.7">
                  {lead.companyDomain}
                </Text>
              </Table.Td>
              <Table.Td data-label="Email" data-testid="revealed-email">
                <Anchor href={`mailto:${lead.email}`} inherit>
                  {lead.email}
                </Anchor>
              </Table.Td>
              <Table.Td data-label="Revealed" data-testid="revealed-at">
                <time dateTime={lead.revealedAt} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(lead.revealedAt)}
                </time>
                <Text size="sm" c="gray.7">
                  <span data-testid="revealed-through">
                    <RevealedThrough lead={lead} />
                  </span>{' '}
                  by <span data-testid="revealed-by">{revealedBy(lead)}</span>
                </Text>
              </Table.Td>
              <Table.Td data-label="Phone" style={{ whiteSpace: 'nowrap' }}>
                {lead.phone ?? none}
              </Table.Td>
              <Table.Td data-label="Location">{[lead.city, lead.state, lead.countryCode].filter(Boolean).join(', ') || none}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
