import { CompanyStore, PackedCompanies } from '../companies/company-store';
import { INDEXED_COLUMNS, LeadTable } from './lead-table';
import { valueRowsArrays } from '../indexes/value-rows';
import { TextDictionary } from '../indexes/text-dictionary';

type PackedDictionary = TextDictionary['packed'];

/** One segment as plain data, its companies left to the store it shares with the others. */
export type TransferableSegment = Omit<LeadTable, 'titles' | 'companies'> & { titles: PackedDictionary };

/** The segments of a lead table and their company store as plain data that a thread can post without copying its columns. */
export interface TransferableLeadTable {
  companies: PackedCompanies;
  segments: TransferableSegment[];
}

/** The segments (at least one, in seq order) and the company store they share. */
export function toTransferable(segments: readonly LeadTable[]): { table: TransferableLeadTable; transfer: ArrayBuffer[] } {
  const store = segments[0].companies;
  if (segments.some((segment) => segment.companies !== store)) throw new RangeError('the segments of a lead table share one company store');
  const companies = store.pack();
  const packedSegments = segments.map(({ companies: _shared, ...segment }) => ({ ...segment, titles: segment.titles.packed }));
  const columns = packedSegments.flatMap((segment, index) => [
    segment.seq,
    segment.company,
    segment.title,
    segment.seniority,
    segment.department,
    segment.country,
    segment.titles.text,
    segment.titles.starts,
    ...INDEXED_COLUMNS.flatMap((column) => valueRowsArrays(segments[index].rowsBy[column])),
  ]);
  const transfer = [...new Set([...columns.map((column) => column.buffer as ArrayBuffer), ...companies.transfer])];
  return { table: { companies: companies.packed, segments: packedSegments }, transfer };
}

export function fromTransferable(transferred: TransferableLeadTable): LeadTable[] {
  const companies = CompanyStore.unpack(transferred.companies);
  return transferred.segments.map((segment) => ({ ...segment, titles: TextDictionary.fromPacked(segment.titles), companies }));
}
