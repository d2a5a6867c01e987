import type { ConsoleRevealResponse } from '@lead-engine/contracts/console';
import type { RevealedLeadEntry } from '../api/leads.types';
import { neutralizeFormula } from '@lead-engine/core/neutralize-formula';

type RevealedLead = ConsoleRevealResponse['revealed'][number];

/** The engine's export CSV columns, in its order, so that a reveal's file and an export's read alike, then what the API adds. */
const COLUMNS: Array<[string, (lead: RevealedLead) => string | null]> = [
  ['First Name', (lead) => lead.firstName],
  ['Last Name', (lead) => lead.lastName],
  ['Email', (lead) => lead.email],
  ['Phone', (lead) => lead.phone],
  ['Company', (lead) => lead.companyName],
  ['Domain', (lead) => lead.companyDomain],
  ['Job Title', (lead) => lead.jobTitle],
  ['Seniority', (lead) => lead.seniority],
  ['Department', (lead) => lead.department],
  ['Industry', (lead) => lead.industryName],
  ['Country', (lead) => lead.country ?? lead.countryCode],
  ['State', (lead) => lead.state],
  ['City', (lead) => lead.city],
  ['Company Size', (lead) => lead.companySize],
  ['LinkedIn', (lead) => lead.linkedinUrl],
  ['Email Status', (lead) => lead.emailStatus],
];

/** RFC 4180: quoted when it holds a quote, comma or line break; quotes doubled. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The revealed leads as CSV (CRLF record ends), each cell a spreadsheet would run neutralized as the engine's exports are. */
export function revealedLeadsCsv(leads: RevealedLead[]): string {
  const header = COLUMNS.map(([name]) => field(name)).join(',');
  const rows = leads.map((lead) => COLUMNS.map(([, value]) => field(neutralizeFormula(value(lead) ?? ''))).join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}

/** What only a lead already yours says, after the columns above: as the engine's Revealed leads CSV. */
const ENTRY_COLUMNS: Array<[string, (lead: RevealedLeadEntry) => string | null]> = [
  ['Revealed At', (lead) => lead.revealedAt],
  ['Revealed Through', (lead) => lead.revealedThrough],
  ['Export Id', (lead) => lead.exportId],
  ['Revealed By', (lead) => lead.revealedBy.user?.name ?? null],
  ['API Key', (lead) => lead.revealedBy.key?.name ?? null],
];

/** Chosen revealed leads as the engine's Revealed leads CSV would write them. */
export function revealedEntriesCsv(leads: RevealedLeadEntry[]): string {
  const columns = [...COLUMNS, ...ENTRY_COLUMNS] as Array<[string, (lead: RevealedLeadEntry) => string | null]>;
  const header = columns.map(([name]) => field(name)).join(',');
  const rows = leads.map((lead) => columns.map(([, value]) => field(neutralizeFormula(value(lead) ?? ''))).join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}
