import { CompanyStore, LeadCompanyInput } from '../companies/company-store';
import { LeadContactInput, LeadTable, LeadTableBuilder } from './lead-table';

/** How many segments a loaded table is cut into: a merge rebuilds one at a time, so it holds about this fraction again. */
export const SEGMENTS_PER_LOAD = 8;
/** Segments smaller than this are not worth the per-table work every query does. */
export const FEWEST_SEGMENT_ROWS = 1 << 17;

/** Rows per segment for a load of `contacts`: about an eighth of them, never fewer than `fewest`. */
export function segmentRowsFor(contacts: number, fewest = FEWEST_SEGMENT_ROWS): number {
  return Math.max(fewest, Math.ceil(contacts / SEGMENTS_PER_LOAD));
}

/**
 * Builds the segments of a live table row by row, as LeadTableBuilder builds one table: contacts in
 * seq order, each segment closed once it holds `segmentRows`, every segment over one company store.
 */
export class SegmentsBuilder {
  private readonly companies: CompanyStore;
  private readonly segments: LeadTable[] = [];
  private current: LeadTableBuilder;
  private rows = 0;
  private contactsLeft: number;

  constructor(
    private readonly segmentRows: number,
    expected: { contacts?: number; companies?: number; descriptionBytes?: number } = {},
    companies?: CompanyStore,
  ) {
    this.companies = companies ?? new CompanyStore({ companies: expected.companies, descriptionBytes: expected.descriptionBytes });
    this.contactsLeft = expected.contacts ?? 0;
    this.current = this.nextBuilder();
  }

  addCompany(input: LeadCompanyInput): number {
    return this.companies.add(input);
  }

  addContact(input: LeadContactInput): void {
    if (this.rows === this.segmentRows) {
      this.segments.push(this.current.build());
      this.current = this.nextBuilder();
      this.rows = 0;
    }
    this.current.addContact(input);
    this.rows++;
  }

  /** The segments in seq order; one, empty, when no contact came. */
  build(): LeadTable[] {
    return [...this.segments, this.current.build()];
  }

  private nextBuilder(): LeadTableBuilder {
    const contacts = Math.min(this.segmentRows, this.contactsLeft);
    this.contactsLeft -= contacts;
    return new LeadTableBuilder({ contacts }, this.companies);
  }
}
