import { COMPANY_TYPES, CompanyType } from '../company-derivations';
import { CompanyStore, LeadCompanyInput } from '../companies/company-store';
import { fold } from '../text-matching';
import { grow } from '../indexes/grow';
import { TextDictionary } from '../indexes/text-dictionary';
import { indexValueRows, ValueRows } from '../indexes/value-rows';

export { NO_BUCKET } from '../companies/company-store';
export type { LeadCompanyInput } from '../companies/company-store';

export type IdColumn = Uint8Array | Uint16Array | Uint32Array;

/**
 * What the rows are indexed by: the firmographic profile of the contact's company (its industry, size
 * bucket and type, which is all the company filters but keywords look at), and each dictionary-coded
 * contact column. A profile's rows, unlike a single company's, are many and ascending, so their union
 * is written in order.
 */
export const INDEXED_COLUMNS = ['profile', 'title', 'seniority', 'department', 'country'] as const;
export type IndexedColumn = (typeof INDEXED_COLUMNS)[number];

/**
 * Every contact in browse order as dictionary-coded columns, naming its company by key in a company
 * store that tables of the same live table share, with the rows of each value indexed (see
 * INDEXED_COLUMNS): a filter is the union of its values' rows as a bitmap, and counts are popcounts of
 * bitmaps ANDed together, exact without visiting rows one by one. Keywords, judged per company
 * description, are the one filter read through the company column row by row.
 */
export interface LeadTable {
  readonly size: number;
  /** 32-bit while every seq fits, which halves the largest column. */
  readonly seq: Uint32Array | Float64Array;
  /** Each row's company, by key in `companies`. */
  readonly company: Uint32Array;
  /** Dictionary ids, in the narrowest array that holds them. */
  readonly title: IdColumn;
  readonly seniority: IdColumn;
  readonly department: IdColumn;
  readonly country: IdColumn;
  /** Distinct job titles, case-folded. */
  readonly titles: TextDictionary;
  readonly seniorities: readonly string[];
  readonly departments: readonly string[];
  readonly countries: readonly string[];
  /** The companies, shared with the other tables of a live table; read only the first companyCount. */
  readonly companies: CompanyStore;
  /** How many companies the store held when the table was built: every row's key is below it. */
  readonly companyCount: number;
  /** How many firmographic profiles it held then: the values of rowsBy.profile. */
  readonly profileCount: number;
  /** For each indexed column, the rows holding each of its values. */
  readonly rowsBy: Readonly<Record<IndexedColumn, ValueRows>>;
}

class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

/** A Dictionary of folded texts that remembers the id of each raw spelling, so a repeated title is folded once. */
class FoldingDictionary {
  private readonly folded = new Dictionary();
  private readonly rawIds = new Map<string, number>();

  get values(): string[] {
    return this.folded.values;
  }

  id(raw: string): number {
    let id = this.rawIds.get(raw);
    if (id === undefined) {
      id = this.folded.id(fold(raw));
      this.rawIds.set(raw, id);
    }
    return id;
  }
}

/** An exact-length copy, so the builder's spare capacity is freed with the builder. */
function trimmed<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(array: T, length: number): T {
  return array.length === length ? array : (array.slice(0, length) as T);
}

/** The column, widened (copied once) when `id` does not fit its element size. */
function holding(column: IdColumn, id: number): IdColumn {
  if (id <= 0xff || (id <= 0xffff && !(column instanceof Uint8Array)) || column instanceof Uint32Array) return column;
  return id <= 0xffff ? Uint16Array.from(column) : Uint32Array.from(column);
}

export interface LeadContactInput {
  seq: number;
  companyIndex: number;
  jobTitle: string;
  seniority: string;
  department: string;
  countryCode: string;
}

/**
 * Builds a LeadTable row by row; contacts must be added in browse (seq) order. Companies go to the
 * store given, shared with the tables built over it before, or to a store of the table's own.
 */
export class LeadTableBuilder {
  private rows = 0;
  private seq: Uint32Array | Float64Array;
  private company: Uint32Array;
  private title: IdColumn;
  private seniority: IdColumn;
  private department: IdColumn;
  private country: IdColumn;
  private readonly companies: CompanyStore;
  private readonly titles = new FoldingDictionary();
  private readonly seniorities = new Dictionary();
  private readonly departments = new Dictionary();
  private readonly countries = new Dictionary();

  /** Expected sizes spare the growing and the trimming copies, which matter at millions of rows. */
  constructor(expected: { contacts?: number; companies?: number; descriptionBytes?: number } = {}, companies?: CompanyStore) {
    const contacts = Math.max(1024, expected.contacts ?? 0);
    this.seq = new Uint32Array(contacts);
    this.company = new Uint32Array(contacts);
    this.title = new Uint8Array(contacts);
    this.seniority = new Uint8Array(contacts);
    this.department = new Uint8Array(contacts);
    this.country = new Uint8Array(contacts);
    this.companies = companies ?? new CompanyStore({ companies: expected.companies, descriptionBytes: expected.descriptionBytes });
  }

  /** Adds the company to the store; returns its key, which contacts name it by. */
  addCompany(input: LeadCompanyInput): number {
    return this.companies.add(input);
  }

  addContact(input: LeadContactInput): void {
    const row = this.rows++;
    if (row >= this.seq.length) {
      this.seq = grow(this.seq, this.rows);
      this.company = grow(this.company, this.rows);
      this.title = grow(this.title, this.rows);
      this.seniority = grow(this.seniority, this.rows);
      this.department = grow(this.department, this.rows);
      this.country = grow(this.country, this.rows);
    }
    if (input.seq > 0xffffffff && this.seq instanceof Uint32Array) this.seq = Float64Array.from(this.seq);
    this.seq[row] = input.seq;
    this.company[row] = input.companyIndex;
    const title = this.titles.id(input.jobTitle);
    const seniority = this.seniorities.id(input.seniority);
    const department = this.departments.id(input.department);
    const country = this.countries.id(input.countryCode.toUpperCase());
    this.title = holding(this.title, title);
    this.seniority = holding(this.seniority, seniority);
    this.department = holding(this.department, department);
    this.country = holding(this.country, country);
    this.title[row] = title;
    this.seniority[row] = seniority;
    this.department[row] = department;
    this.country[row] = country;
  }

  build(): LeadTable {
    const rows = this.rows;
    const companies = this.companies;
    companies.seal();
    const company = trimmed(this.company, rows);
    const title = trimmed(this.title, rows);
    const seniority = trimmed(this.seniority, rows);
    const department = trimmed(this.department, rows);
    const country = trimmed(this.country, rows);
    return {
      size: rows,
      seq: trimmed(this.seq, rows),
      company,
      title,
      seniority,
      department,
      country,
      companies,
      companyCount: companies.count,
      profileCount: companies.profileCount,
      rowsBy: {
        profile: indexValueRows(profileColumn(company, companies.profile), companies.profileCount, rows),
        title: indexValueRows(title, this.titles.values.length, rows),
        seniority: indexValueRows(seniority, this.seniorities.values.length, rows),
        department: indexValueRows(department, this.departments.values.length, rows),
        country: indexValueRows(country, this.countries.values.length, rows),
      },
      titles: TextDictionary.from(this.titles.values),
      seniorities: this.seniorities.values,
      departments: this.departments.values,
      countries: this.countries.values,
    };
  }
}

/** Each row's firmographic profile, for indexing. */
export function profileColumn(company: Uint32Array, companyProfile: Uint32Array): Uint32Array {
  const profiles = new Uint32Array(company.length);
  for (let row = 0; row < company.length; row++) profiles[row] = companyProfile[company[row]];
  return profiles;
}

export function companyTypeName(index: number): CompanyType {
  return COMPANY_TYPES[index];
}
