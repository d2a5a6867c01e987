import type { ConsoleRevealResponse } from '@lead-engine/contracts/console';
import { Anchor, CloseButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { saveCsv } from '../../../shared/lib/save-csv';
import cardTable from '../../../shared/ui/card-table.module.css';
import { CsvDownloadButtons } from '../../../shared/ui/csv-download-buttons';
import { credits } from '../../../shared/ui/cost-lines';
import { revealedLeadsCsv } from './revealed-leads-csv';
import { TableRegion } from '../../../shared/ui/table-region';

/** The leads just revealed, in full, with their CSV built here in the browser. */
export function RevealedLeads({ result, onDismiss }: { result: ConsoleRevealResponse; onDismiss: () => void }) {
  const save = (flavour: { excel: boolean }) =>
    saveCsv(
      revealedLeadsCsv(result.revealed),
      `lead-engine-reveal-${new Date().toISOString().slice(0, 10)}-${result.revealed.length}.csv`,
      flavour,
    );

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="revealed-title" data-testid="revealed-leads">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id="revealed-title">
              Revealed: {result.revealed.length} {result.revealed.length === 1 ? 'lead' : 'leads'}
            </Title>
            <Text size="sm" data-testid="reveal-summary">
              {result.new_reveals} new, {result.already_revealed} already revealed; {credits(result.credits_charged)} charged. Balance:{' '}
              {credits(result.balance)}.
            </Text>
          </Stack>
          <CloseButton aria-label="Hide the revealed leads" onClick={onDismiss} />
        </Group>
        <TableRegion label="Revealed leads table">
          <Table verticalSpacing="xs" className={cardTable.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Phone</Table.Th>
                <Table.Th scope="col">Job title</Table.Th>
                <Table.Th scope="col">Company</Table.Th>
                <Table.Th scope="col">LinkedIn</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.revealed.map((lead) => (
                <Table.Tr key={lead.id} data-testid="revealed-lead" data-lead-id={lead.id}>
                  <Table.Th scope="row" fw={600}>
                    {lead.fullName}
                  </Table.Th>
                  <Table.Td data-label="Email" data-testid="revealed-email">
                    <Anchor href={`mailto:${lead.email}`} inherit>
                      {lead.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label="Phone">{lead.phone ?? 'none'}</Table.Td>
                  <Table.Td data-label="Job title">{lead.jobTitle}</Table.Td>
                  <Table.Td data-label="Company">
                    {lead.companyName} ({lead.companyDomain})
                  </Table.Td>
                  <Table.Td data-label="LinkedIn" style={{ wordBreak: 'break-all' }}>
                    {lead.linkedinUrl ? (
                      <Anchor href={lead.linkedinUrl} target="_blank" rel="noreferrer" inherit>
                        {lead.linkedinUrl.replace(/^https?:\/\/(www\.)?/, '')}
                      </Anchor>
                    ) : (
                      'none'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableRegion>
        <Group>
          <CsvDownloadButtons source={{ save }} label="Download CSV" testId="revealed-csv" />
          <Text size="xs" c="gray.7">
            Revealed leads stay yours: revealing them again is free.
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
