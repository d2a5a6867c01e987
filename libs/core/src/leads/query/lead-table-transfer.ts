import { CompanyStore, PackedCompanies } from '../companies/company-store';
import { INDEXED_COLUMNS, LeadTable } from './lead-table';
import { valueRowsArrays } from './value-rows';
import { TextDictionary } from './text-dictionary';

type PackedDictionary = TextDictionary['packed'];

/** A LeadTable as plain data that a thread can post without copying its columns. */
export type TransferableLeadTable = Omit<LeadTable, 'titles' | 'companies'> & {
  titles: PackedDictionary;
  companies: PackedCompanies;
};

/** The table and its whole company store as plain data; the store must hold only the table's companies. */
export function toTransferable(table: LeadTable): { table: TransferableLeadTable; transfer: ArrayBuffer[] } {
  if (table.companies.count !== table.companyCount)
    throw new RangeError(
      `a table is posted with its own companies only: its store holds ${table.companies.count}, it ${table.companyCount}`,
    );
  const companies = table.companies.pack();
  const packed: TransferableLeadTable = { ...table, titles: table.titles.packed, companies: companies.packed };
  const columns = [
    packed.seq,
    packed.company,
    packed.title,
    packed.seniority,
    packed.department,
    packed.country,
    packed.titles.text,
    packed.titles.starts,
    ...INDEXED_COLUMNS.flatMap((column) => valueRowsArrays(table.rowsBy[column])),
  ];
  const transfer = [...new Set([...columns.map((column) => column.buffer as ArrayBuffer), ...companies.transfer])];
  return { table: packed, transfer };
}

export function fromTransferable(transferred: TransferableLeadTable): LeadTable {
  return { ...transferred, titles: TextDictionary.fromPacked(transferred.titles), companies: CompanyStore.unpack(transferred.companies) };
}
