import type { ConsoleRevealResponse } from '@lead-engine/contracts/console';
import { Anchor, Button, CloseButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import cardTable from '../../../shared/ui/card-table.module.css';
import { credits } from '../../../shared/ui/cost-lines';
import { revealedLeadsCsv } from './revealed-leads-csv';

/** The leads just revealed, in full, with their CSV built here in the browser. */
export function RevealedLeads({ result, onDismiss }: { result: ConsoleRevealResponse; onDismiss: () => void }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([revealedLeadsCsv(result.revealed)], { type: 'text/csv;charset=utf-8' }));
    // The object URL is a resource this effect owns and revokes; made during render instead, it would leak (or, after
    // StrictMode's second mount, be a revoked URL), so its address can only reach the link through state.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the effect creates and revokes the URL; state carries it
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [result]);
  const filename = `lead-engine-reveal-${new Date().toISOString().slice(0, 10)}-${result.revealed.length}.csv`;

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
        <Table.ScrollContainer
          minWidth={0}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Revealed leads table"
          style={{ position: 'relative' }}
        >
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
        </Table.ScrollContainer>
        <Group>
          <Button component="a" href={href ?? undefined} download={filename} disabled={!href} data-testid="revealed-csv">
            Download CSV
          </Button>
          <Text size="xs" c="gray.7">
            Revealed leads stay yours: revealing them again is free.
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
