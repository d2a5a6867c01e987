import type { LeadTable } from './lead-table';
import { TextDictionary } from './text-dictionary';

type PackedDictionary = TextDictionary['packed'];

/** A LeadTable as plain data that a thread can post without copying its columns. */
export type TransferableLeadTable = Omit<LeadTable, 'titles' | 'descriptions'> & {
  titles: PackedDictionary;
  descriptions: PackedDictionary;
};

export function toTransferable(table: LeadTable): { table: TransferableLeadTable; transfer: ArrayBuffer[] } {
  const packed: TransferableLeadTable = { ...table, titles: table.titles.packed, descriptions: table.descriptions.packed };
  const columns = [
    packed.seq,
    packed.company,
    packed.title,
    packed.seniority,
    packed.department,
    packed.country,
    packed.companyIndustry,
    packed.companySize,
    packed.companyType,
    packed.companyDescription,
    packed.titles.text,
    packed.titles.starts,
    packed.descriptions.text,
    packed.descriptions.starts,
  ];
  const transfer = [...new Set(columns.map((column) => column.buffer as ArrayBuffer))];
  return { table: packed, transfer };
}

export function fromTransferable(table: TransferableLeadTable): LeadTable {
  return { ...table, titles: TextDictionary.fromPacked(table.titles), descriptions: TextDictionary.fromPacked(table.descriptions) };
}
