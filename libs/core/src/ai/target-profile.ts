import type { CompanyType } from '../leads/company-derivations';
import { readRole, ROLE_VOCABULARY, RoleReading } from './role-vocabulary';
import { Sector, SECTOR_VOCABULARY, sectorsNamedIn } from './sector-vocabulary';
import { TermIndex, termWords } from './text-terms';

/** Headcount bounds; `max` is Infinity for "and up". */
export interface SizeRange {
  min: number;
  max: number;
}

/** What a target ICP sentence asks for, as far as the local provider can tell. */
export interface TargetProfile {
  role: RoleReading;
  sectors: Sector[];
  size: SizeRange | null;
  companyTypes: CompanyType[];
  /** ISO country codes. */
  countries: string[];
  /** Other meaningful words, matched against everything known of the company. */
  keywords: string[];
}

const HEADCOUNT = String.raw`(?:employees?|people|staff|ftes?|headcount|persons?|workers)`;
const NUMBER = String.raw`(\d[\d,.]*)\s*(k)?`;

const SIZE_PATTERNS: Array<[RegExp, (a: number, b: number) => SizeRange]> = [
  [new RegExp(String.raw`${NUMBER}\s*(?:-|–|—|to)\s*${NUMBER}\s*\+?\s*${HEADCOUNT}`), (a, b) => ({ min: a, max: b })],
  [new RegExp(String.raw`(?:over|more than|at least|above|>)\s*${NUMBER}\s*${HEADCOUNT}`), (a) => ({ min: a, max: Infinity })],
  [new RegExp(String.raw`${NUMBER}\s*\+\s*${HEADCOUNT}`), (a) => ({ min: a, max: Infinity })],
  [new RegExp(String.raw`(?:under|fewer than|less than|below|up to|<)\s*${NUMBER}\s*${HEADCOUNT}`), (a) => ({ min: 1, max: a })],
];

const SIZE_WORDS: Array<[RegExp, SizeRange]> = [
  [/\bsmall (?:and|&) (?:medium|mid)[- ]sized?\b|\bsmes?\b/, { min: 1, max: 1000 }],
  [/\bstart-?ups?\b/, { min: 1, max: 50 }],
  [/\bsmbs?\b|\bsmall (?:business|businesses|companies|firms)\b/, { min: 1, max: 200 }],
  [/\bmid-?market\b|\bmid-?sized?\b|\bmedium-?sized?\b/, { min: 100, max: 1000 }],
  [/\benterprises?\b|\blarge (?:companies|organizations|enterprises)\b|\bfortune (?:500|1000)\b/, { min: 1000, max: Infinity }],
];

const COMPANY_TYPE_WORDS: Array<[RegExp, CompanyType]> = [
  [/\bnon-?profits?\b|\bnot-for-profits?\b|\bcharit(?:y|ies)\b|\bngos?\b/, 'nonprofit'],
  [/\bgovernments?\b|\bpublic sector\b|\bmunicipal(?:ities|ity)?\b|\bfederal agenc(?:y|ies)\b/, 'government'],
  [/\bschools?\b|\buniversit(?:y|ies)\b|\bcolleges?\b|\bk-12\b|\bschool districts?\b/, 'education'],
];

// Case-sensitive: "US" is a country, "us" a pronoun.
const COUNTRY_WORDS: Array<[RegExp, string[]]> = [
  [/\bNorth Americ(?:a|an)\b/i, ['US', 'CA']],
  [/\bU\.?S\.?A?\b|\bUnited States\b|\bAmerican?\b/, ['US']],
  [/\bUK\b|\bUnited Kingdom\b|\bBrit(?:ain|ish)\b/, ['GB']],
  [/\bCanad(?:a|ian)\b/i, ['CA']],
  [/\bGerman(?:y)?\b/i, ['DE']],
  [/\bFrance\b|\bFrench\b/i, ['FR']],
  [/\bAustralian?\b/i, ['AU']],
  [/\bIndian?\b/, ['IN']],
  [/\bEurope(?:an)?\b|\bEU\b|\bEMEA\b/, ['GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'IE', 'SE', 'BE', 'DK', 'FI', 'NO', 'PL', 'PT', 'AT', 'CH']],
];

const STOPWORDS = new Set(
  termWords(`a an the and or of at in on for to with from by who whom that which their they them our we you your is are be being
    have has had need needs want wants looking look use using used like such as into across within over under than more less most
    company companies business businesses organization organisations organizations firm firms team teams people person employee
    employees staff size sized based located country countries region global world worldwide ideal customer customers client
    clients profile icp target targeting typically usually mainly mostly especially any all every other some new way ways help
    helps run running working work works do does make makes get gets sell selling buy buying between about around per plus
    small medium mid large market enterprise startup sme smb non profit public sector government school university college
    north america american united state kingdom uk eu europe european canada canadian anyone someone everyone whoever`),
);

const KNOWN_WORDS = new Set([...ROLE_VOCABULARY, ...SECTOR_VOCABULARY].flatMap((term) => termWords(term)));

function readNumber(digits: string, thousands: string | undefined): number {
  const value = Number(digits.replace(/,/g, ''));
  return thousands ? value * 1000 : value;
}

function readSize(text: string): SizeRange | null {
  const lower = text.toLowerCase();
  for (const [pattern, range] of SIZE_PATTERNS) {
    const match = pattern.exec(lower);
    if (!match) continue;
    const first = readNumber(match[1], match[2]);
    const second = match[3] !== undefined ? readNumber(match[3], match[4]) : first;
    const size = range(first, second);
    if (Number.isFinite(size.min) && size.min <= size.max) return size;
  }
  for (const [pattern, range] of SIZE_WORDS) if (pattern.test(lower)) return range;
  return null;
}

export function parseTargetIcp(text: string): TargetProfile {
  const index = new TermIndex(text);
  const lower = text.toLowerCase();
  const countries = new Set<string>();
  for (const [pattern, codes] of COUNTRY_WORDS) if (pattern.test(text)) codes.forEach((code) => countries.add(code));
  const keywords = [...new Set(index.words)].filter(
    (word) => word.length >= 3 && !/^\d/.test(word) && !STOPWORDS.has(word) && !KNOWN_WORDS.has(word),
  );
  return {
    role: readRole(index),
    sectors: sectorsNamedIn(index),
    size: readSize(text),
    companyTypes: COMPANY_TYPE_WORDS.filter(([pattern]) => pattern.test(lower)).map(([, type]) => type),
    countries: [...countries],
    keywords: keywords.slice(0, 8),
  };
}
