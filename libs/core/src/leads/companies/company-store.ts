import { COMPANY_SIZE_BUCKETS, COMPANY_TYPES } from '../company-derivations';
import { TextDictionary } from '../indexes/text-dictionary';
import { TextDictionaryBuilder } from '../indexes/text-dictionary-builder';
import { PackedWordIndex, WordIndex } from '../indexes/word-index';
import { fold } from '../text-matching';
import { CompanyDescriptions } from './company-descriptions';

export const NO_BUCKET = 255;

export interface LeadCompanyInput {
  /** The company's id in the database; its key in the store when not given. */
  id?: number;
  industry: string;
  sizeBucket: string;
  companyType: string;
  description: string;
}

/** A CompanyStore as plain data that a thread can post, or a snapshot hold, without copying its columns. */
export interface PackedCompanies {
  count: number;
  id: Float64Array;
  industry: Uint16Array;
  size: Uint8Array;
  type: Uint8Array;
  description: Uint32Array;
  profile: Uint32Array;
  industries: string[];
  profileCompany: Uint32Array;
  descriptions: Array<{ text: Uint8Array; starts: Uint32Array; words: PackedWordIndex | null }>;
}

const BUCKET_INDEX = new Map<string, number>(COMPANY_SIZE_BUCKETS.map((bucket, index) => [bucket, index]));
const TYPE_INDEX = new Map<string, number>(COMPANY_TYPES.map((type, index) => [type, index]));

const profileKey = (industry: number, size: number, type: number) => (industry * 256 + size) * 256 + type;

/** The array itself when it holds `needed`, else a copy a quarter longer: the loaded companies are most of any store. */
function extended<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length + Math.max(1024, array.length >>> 2)));
  next.set(array);
  return next;
}

/**
 * Every company a live table's parts name, each once under a key (its position): the loaded companies
 * first, then those that changes brought, appended. Keys never move and a company's columns never
 * change once added (a company whose lead columns change is no delta), so the base, every delta and
 * every merged table share one store, and a table built when it held N companies reads the first N
 * whatever was added since. Also the company's firmographic profile (industry, size bucket, type),
 * numbered in the order first seen, with one company of each.
 */
export class CompanyStore {
  id: Float64Array;
  industry: Uint16Array;
  size: Uint8Array;
  type: Uint8Array;
  /** Each company's description id in `descriptions`. */
  description: Uint32Array;
  profile: Uint32Array;
  readonly industries: string[] = [];
  /** One company of each profile. */
  profileCompany: Uint32Array;
  /** The descriptions of the companies added before the last seal. */
  descriptions = new CompanyDescriptions([]);
  private added = 0;
  private profiles = 0;
  private open: TextDictionaryBuilder | null = null;
  private readonly industryIds = new Map<string, number>();
  private readonly profileIds = new Map<number, number>();
  /** The first keys hold ascending ids (a load reads companies by id) and are found by bisection; later ones by map. */
  private ascending = 0;
  private readonly laterKeys = new Map<number, number>();

  /**
   * `indexDescriptionWords`: false for a store that only carries companies to another one (a delta
   * built apart, see adoptDelta), whose descriptions are never searched.
   */
  constructor(private readonly expected: { companies?: number; descriptionBytes?: number; indexDescriptionWords?: boolean } = {}) {
    const companies = Math.max(1024, expected.companies ?? 0);
    this.id = new Float64Array(companies);
    this.industry = new Uint16Array(companies);
    this.size = new Uint8Array(companies);
    this.type = new Uint8Array(companies);
    this.description = new Uint32Array(companies);
    this.profile = new Uint32Array(companies);
    this.profileCompany = new Uint32Array(256);
  }

  get count(): number {
    return this.added;
  }

  get profileCount(): number {
    return this.profiles;
  }

  /** Adds the company under the next key, which it returns; its description is readable once sealed. */
  add(input: LeadCompanyInput): number {
    const key = this.added++;
    this.reserve(this.added);
    const id = input.id ?? key;
    const industry = this.industryId(input.industry);
    const size = BUCKET_INDEX.get(input.sizeBucket) ?? NO_BUCKET;
    const type = TYPE_INDEX.get(input.companyType) ?? 0;
    this.id[key] = id;
    this.industry[key] = industry;
    this.size[key] = size;
    this.type[key] = type;
    this.open ??= new TextDictionaryBuilder({
      texts: key === 0 ? this.expected.companies : undefined,
      bytes: key === 0 ? this.expected.descriptionBytes : undefined,
      indexWords: this.expected.indexDescriptionWords ?? true,
    });
    this.description[key] = this.descriptions.size + this.open.add(fold(input.description));
    this.profile[key] = this.profileOf(industry, size, type, key);
    this.rememberId(key);
    return key;
  }

  /** The key of the company with this database id, or -1. */
  keyOf(id: number): number {
    let low = 0;
    let high = this.ascending;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.id[middle] < id) low = middle + 1;
      else high = middle;
    }
    if (low < this.ascending && this.id[low] === id) return low;
    return this.laterKeys.get(id) ?? -1;
  }

  /** Makes the descriptions of the companies added so far readable, as one more chunk. */
  seal(): void {
    if (this.open === null) return;
    this.descriptions = this.descriptions.with(this.open.build());
    this.open = null;
  }

  /** The store as plain data, sealed first; its arrays are views of the store's, not copies. */
  pack(): { packed: PackedCompanies; transfer: ArrayBuffer[] } {
    this.seal();
    const count = this.added;
    const packed: PackedCompanies = {
      count,
      id: this.id.subarray(0, count),
      industry: this.industry.subarray(0, count),
      size: this.size.subarray(0, count),
      type: this.type.subarray(0, count),
      description: this.description.subarray(0, count),
      profile: this.profile.subarray(0, count),
      industries: [...this.industries],
      profileCompany: this.profileCompany.subarray(0, this.profiles),
      descriptions: this.descriptions.chunks.map((chunk) => ({ ...chunk.packed, words: chunk.words?.packed ?? null })),
    };
    const arrays = [
      packed.id,
      packed.industry,
      packed.size,
      packed.type,
      packed.description,
      packed.profile,
      packed.profileCompany,
      ...packed.descriptions.flatMap(({ text, starts, words }) => [
        text,
        starts,
        ...(words ? [words.vocabulary.text, words.vocabulary.starts, words.postingStarts, words.postings] : []),
      ]),
    ];
    return { packed, transfer: [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))] };
  }

  static unpack(packed: PackedCompanies): CompanyStore {
    const store = new CompanyStore();
    store.id = packed.id;
    store.industry = packed.industry;
    store.size = packed.size;
    store.type = packed.type;
    store.description = packed.description;
    store.profile = packed.profile;
    store.profileCompany = packed.profileCompany;
    store.added = packed.count;
    store.profiles = packed.profileCompany.length;
    store.descriptions = new CompanyDescriptions(
      packed.descriptions.map(({ text, starts, words }) =>
        TextDictionary.fromPacked({ text, starts }, words === null ? null : WordIndex.fromPacked(words)),
      ),
    );
    for (const industry of packed.industries) store.industryId(industry);
    packed.profileCompany.forEach((company, profile) =>
      store.profileIds.set(profileKey(store.industry[company], store.size[company], store.type[company]), profile),
    );
    for (let key = 0; key < store.added; key++) store.rememberId(key);
    return store;
  }

  /** Makes the company under `key` (the last one remembered plus one) findable by its id. */
  private rememberId(key: number): void {
    const id = this.id[key];
    if (this.ascending === key && (key === 0 || id > this.id[key - 1])) this.ascending++;
    else if (!this.laterKeys.has(id)) this.laterKeys.set(id, key);
  }

  private reserve(companies: number): void {
    this.id = extended(this.id, companies);
    this.industry = extended(this.industry, companies);
    this.size = extended(this.size, companies);
    this.type = extended(this.type, companies);
    this.description = extended(this.description, companies);
    this.profile = extended(this.profile, companies);
  }

  private industryId(industry: string): number {
    let id = this.industryIds.get(industry);
    if (id === undefined) {
      id = this.industries.length;
      this.industries.push(industry);
      this.industryIds.set(industry, id);
    }
    return id;
  }

  private profileOf(industry: number, size: number, type: number, company: number): number {
    const key = profileKey(industry, size, type);
    let profile = this.profileIds.get(key);
    if (profile === undefined) {
      profile = this.profiles++;
      this.profileCompany = extended(this.profileCompany, this.profiles);
      this.profileCompany[profile] = company;
      this.profileIds.set(key, profile);
    }
    return profile;
  }
}

/** What the store holds of a company, as `add` takes it (the description comes back case-folded, which folding again keeps). */
export function decodeCompany(companies: CompanyStore, key: number): LeadCompanyInput {
  return {
    id: companies.id[key],
    industry: companies.industries[companies.industry[key]],
    sizeBucket: COMPANY_SIZE_BUCKETS[companies.size[key]] ?? '',
    companyType: COMPANY_TYPES[companies.type[key]],
    description: companies.descriptions.value(companies.description[key]),
  };
}
