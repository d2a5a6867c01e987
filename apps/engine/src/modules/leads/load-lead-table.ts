import { LeadTable, segmentRowsFor, SegmentsBuilder } from '@lead-engine/core/leads';
import { CompanyPositions } from './company-positions';
import type { LeadDataVersions } from './lead-data-version';
import { LeadTableRepository } from './lead-table.repository';

/** The table's segments and the versions it was read at. */
export interface LoadedLeadTable extends LeadDataVersions {
  segments: LeadTable[];
}

export type LoadProgress = (loadedContacts: number, totalContacts: number) => void;

/**
 * Builds the lead table from one snapshot of the database, on a connection of its own, cut into
 * segments of at least `segmentMinRows` (see segmentRowsFor).
 */
export function loadLeadTable(
  databaseUrl: string,
  segmentMinRows: number,
  onProgress: LoadProgress = () => undefined,
): Promise<LoadedLeadTable> {
  return LeadTableRepository.onOwnConnection(databaseUrl, async (leadTable) => {
    let builder = new SegmentsBuilder(segmentMinRows);
    let companies = new CompanyPositions(0);
    let versions: LeadDataVersions = { dataVersion: '', reloadVersion: '' };
    let total = 0;
    let loaded = 0;
    await leadTable.readAllRows({
      sizes(sizes) {
        builder = new SegmentsBuilder(segmentRowsFor(sizes.contacts, segmentMinRows), sizes);
        companies = new CompanyPositions(sizes.companies);
        versions = { dataVersion: sizes.dataVersion, reloadVersion: sizes.reloadVersion };
        total = sizes.contacts;
        onProgress(0, total);
      },
      companies(rows) {
        for (const [id, industry, sizeBucket, companyType, description] of rows) {
          companies.add(id, builder.addCompany({ id, industry, sizeBucket, companyType, description }));
        }
      },
      contacts(rows) {
        for (const [seq, companyId, jobTitle, seniority, department, countryCode] of rows) {
          builder.addContact({ seq, companyIndex: companies.positionOf(companyId), jobTitle, seniority, department, countryCode });
        }
        loaded += rows.length;
        onProgress(loaded, total);
      },
    });
    return { segments: builder.build(), ...versions };
  });
}
