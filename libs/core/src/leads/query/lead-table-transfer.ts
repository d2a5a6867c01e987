import { INDEXED_COLUMNS, LeadTable } from './lead-table';
import { valueRowsArrays } from './value-rows';
import { TextDictionary } from './text-dictionary';
import { PackedWordIndex, WordIndex } from './word-index';

type PackedDictionary = TextDictionary['packed'];

/** A LeadTable as plain data that a thread can post without copying its columns. */
export type TransferableLeadTable = Omit<LeadTable, 'titles' | 'descriptions'> & {
  titles: PackedDictionary;
  descriptions: PackedDictionary;
  descriptionWords: PackedWordIndex | null;
};

export function toTransferable(table: LeadTable): { table: TransferableLeadTable; transfer: ArrayBuffer[] } {
  const words = table.descriptions.words?.packed ?? null;
  const packed: TransferableLeadTable = {
    ...table,
    titles: table.titles.packed,
    descriptions: table.descriptions.packed,
    descriptionWords: words,
  };
  const columns = [
    packed.seq,
    packed.company,
    packed.title,
    packed.seniority,
    packed.department,
    packed.country,
    packed.companyId,
    packed.companyIndustry,
    packed.companySize,
    packed.companyType,
    packed.companyDescription,
    packed.titles.text,
    packed.titles.starts,
    packed.descriptions.text,
    packed.descriptions.starts,
    packed.companyProfile,
    packed.profileCompany,
    ...INDEXED_COLUMNS.flatMap((column) => valueRowsArrays(table.rowsBy[column])),
    ...(words ? [words.vocabulary.text, words.vocabulary.starts, words.postingStarts, words.postings] : []),
  ];
  const transfer = [...new Set(columns.map((column) => column.buffer as ArrayBuffer))];
  return { table: packed, transfer };
}

export function fromTransferable(transferred: TransferableLeadTable): LeadTable {
  const { descriptionWords, ...table } = transferred;
  const words = descriptionWords === null ? null : WordIndex.fromPacked(descriptionWords);
  return { ...table, titles: TextDictionary.fromPacked(table.titles), descriptions: TextDictionary.fromPacked(table.descriptions, words) };
}
