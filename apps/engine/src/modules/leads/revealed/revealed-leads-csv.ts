import { REVEALED_LEADS_CSV_COLUMNS, RevealedLeadEntry } from '@lead-engine/contracts';
import { csvRecords, neutralizeFormula } from '@lead-engine/core';

export function revealedLeadsCsvHeader(): Buffer {
  return Buffer.from(csvRecords([REVEALED_LEADS_CSV_COLUMNS]), 'utf8');
}

/** The export CSV's cells for the same lead, then how it was revealed; formulas neutralized, as in exports. */
export function revealedLeadsCsvRows(entries: readonly RevealedLeadEntry[]): Buffer {
  const records = entries.map((lead) =>
    [
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.phone ?? '',
      lead.companyName,
      lead.companyDomain,
      lead.jobTitle,
      lead.seniority,
      lead.department,
      lead.industryName ?? '',
      lead.country ?? lead.countryCode,
      lead.state,
      lead.city,
      lead.companySize,
      lead.linkedinUrl ?? '',
      lead.emailStatus,
      lead.revealedAt,
      lead.revealedThrough,
      lead.exportId ?? '',
      lead.revealedBy.user?.name ?? '',
      lead.revealedBy.key?.name ?? '',
    ].map(neutralizeFormula),
  );
  return Buffer.from(csvRecords(records), 'utf8');
}
