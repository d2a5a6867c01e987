import type { CompanyProfile } from './company-profile';
import type { ProspectFacts } from './prospect-facts';
import { levelRank, readContactRole, RoleLevel, rolesAreRelated } from './role-vocabulary';
import { SECTOR_TERMS } from './sector-vocabulary';
import type { SizeRange, TargetProfile } from './target-profile';
import { TermIndex } from './text-terms';

export interface FitDimension {
  name: 'role' | 'industry' | 'size' | 'company type' | 'location' | 'keywords';
  weight: number;
  /** 0 (contradicts the target) to 1 (matches it); about 0.4 when the fact is unknown. */
  match: number;
  note: string;
}

export interface IcpFitScore {
  score: number;
  dimensions: FitDimension[];
}

const UNKNOWN = 0.4;
const WEIGHTS = { role: 45, industry: 25, size: 15, 'company type': 10, location: 10, keywords: 15 } as const;
const LEADERSHIP_LEVELS: RoleLevel[] = ['c-level', 'vp', 'head', 'director'];

function headcount(bucket: string | null): SizeRange | null {
  const match = /^(\d+)\s*(?:to\s*(\d+)|\+)$/.exec(bucket?.trim() ?? '');
  if (!match) return null;
  return { min: Number(match[1]), max: match[2] ? Number(match[2]) : Infinity };
}

const describeRange = (range: SizeRange) => (Number.isFinite(range.max) ? `${range.min}–${range.max}` : `${range.min}+`);

function roleDimension(target: TargetProfile, facts: ProspectFacts): FitDimension | null {
  const wantsLevels = target.role.levels.length > 0 ? target.role.levels : target.role.leadership ? LEADERSHIP_LEVELS : [];
  if (target.role.functions.size === 0 && wantsLevels.length === 0) return null;
  const role = readContactRole(facts.title, facts.department, facts.seniority);
  const who = facts.title ? `title "${facts.title}"` : 'the contact';
  if (!facts.title && !facts.department && !facts.seniority)
    return { name: 'role', weight: WEIGHTS.role, match: 0.35, note: 'no job title is known' };

  const parts: number[] = [];
  const notes: string[] = [];
  if (target.role.functions.size > 0) {
    const wanted = [...target.role.functions];
    const held = [...role.functions];
    if (held.some((fn) => target.role.functions.has(fn))) {
      parts.push(1);
      notes.push(`${who} is in ${held.filter((fn) => target.role.functions.has(fn)).join(' and ')}, as asked`);
    } else if (held.some((fn) => wanted.some((other) => rolesAreRelated(fn, other)))) {
      parts.push(0.6);
      notes.push(`${who} is close to the ${wanted.join('/')} roles asked for`);
    } else if (held.length === 0) {
      parts.push(UNKNOWN);
      notes.push(`the function of ${who} is unclear`);
    } else {
      parts.push(0);
      notes.push(`${who} is in ${held.join('/')}, not ${wanted.join('/')}`);
    }
  }
  if (wantsLevels.length > 0) {
    const level = role.levels[0];
    if (!level) {
      parts.push(UNKNOWN);
      notes.push('seniority unknown');
    } else {
      const distance = Math.min(...wantsLevels.map((wanted) => Math.abs(levelRank(wanted) - levelRank(level))));
      parts.push([1, 0.6, 0.3][distance] ?? 0.1);
      notes.push(
        distance === 0
          ? `seniority (${level}) fits`
          : `seniority (${level}) is ${distance} step${distance > 1 ? 's' : ''} from ${wantsLevels.join('/')}`,
      );
    }
  }
  return { name: 'role', weight: WEIGHTS.role, match: parts.reduce((a, b) => a + b, 0) / parts.length, note: notes.join('; ') };
}

function industryDimension(target: TargetProfile, facts: ProspectFacts, company: CompanyProfile): FitDimension | null {
  if (target.sectors.length === 0) return null;
  const wanted = target.sectors.join('/');
  const dimension = (match: number, note: string): FitDimension => ({ name: 'industry', weight: WEIGHTS.industry, match, note });
  if (company.sector && target.sectors.includes(company.sector)) {
    return dimension(1, `${facts.industry ?? 'the website'} places it in ${company.sector}, as asked`);
  }
  const evidence = target.sectors.flatMap((sector) => SECTOR_TERMS[sector]).find((term) => company.corpus.has(term));
  if (evidence) return dimension(0.6, `its description or website mentions "${evidence}" (${wanted})`);
  if (company.sector) return dimension(0, `${facts.industry ?? company.sector} is outside ${wanted}`);
  return dimension(0.35, 'its industry is unknown');
}

function sizeDimension(target: TargetProfile, facts: ProspectFacts): FitDimension | null {
  if (!target.size) return null;
  const wanted = target.size;
  const dimension = (match: number, note: string): FitDimension => ({ name: 'size', weight: WEIGHTS.size, match, note });
  const range = headcount(facts.companySize);
  if (!range) return dimension(UNKNOWN, 'headcount unknown');
  const label = `${describeRange(range)} employees`;
  if (range.min >= wanted.min && range.max <= wanted.max) return dimension(1, `${label} is within ${describeRange(wanted)}`);
  if (range.min <= wanted.max && range.max >= wanted.min) return dimension(0.75, `${label} overlaps ${describeRange(wanted)}`);
  const ratio = range.max < wanted.min ? wanted.min / Math.max(range.max, 1) : range.min / wanted.max;
  return dimension(
    ratio <= 2 ? 0.4 : ratio <= 5 ? 0.15 : 0,
    `${label} is ${range.max < wanted.min ? 'below' : 'above'} ${describeRange(wanted)}`,
  );
}

function companyTypeDimension(target: TargetProfile, company: CompanyProfile): FitDimension | null {
  if (target.companyTypes.length === 0) return null;
  const wanted = target.companyTypes.join('/');
  if (!company.ownership) return { name: 'company type', weight: WEIGHTS['company type'], match: UNKNOWN, note: 'company type unknown' };
  const fits = (target.companyTypes as string[]).includes(company.ownership);
  return {
    name: 'company type',
    weight: WEIGHTS['company type'],
    match: fits ? 1 : 0,
    note: `a ${company.ownership} organization, ${fits ? 'as asked' : `not ${wanted}`}`,
  };
}

function locationDimension(target: TargetProfile, facts: ProspectFacts): FitDimension | null {
  if (target.countries.length === 0) return null;
  const country = facts.countryCode?.toUpperCase();
  if (!country) return { name: 'location', weight: WEIGHTS.location, match: 0.5, note: 'country unknown' };
  const fits = target.countries.includes(country);
  return {
    name: 'location',
    weight: WEIGHTS.location,
    match: fits ? 1 : 0,
    note: `based in ${country}${fits ? '' : `, outside ${target.countries.join('/')}`}`,
  };
}

function keywordDimension(target: TargetProfile, facts: ProspectFacts, company: CompanyProfile): FitDimension | null {
  if (target.keywords.length === 0) return null;
  const names = new TermIndex([facts.companyName, facts.title].filter(Boolean).join(' '));
  if (company.corpus.words.length === 0 && names.words.length === 0) {
    return { name: 'keywords', weight: WEIGHTS.keywords, match: 0.3, note: 'nothing is known to match keywords against' };
  }
  const found = target.keywords.filter((word) => company.corpus.has([word]) || names.has([word]));
  return {
    name: 'keywords',
    weight: WEIGHTS.keywords,
    match: found.length / target.keywords.length,
    note:
      found.length > 0
        ? `mentions ${found.map((word) => `"${word}"`).join(', ')}`
        : `none of ${target.keywords.map((word) => `"${word}"`).join(', ')} appear`,
  };
}

/** The weighted share of what the target asks for that the facts show; dimensions the target is silent on do not count. */
export function scoreIcpFit(target: TargetProfile, facts: ProspectFacts, company: CompanyProfile): IcpFitScore {
  const dimensions = [
    roleDimension(target, facts),
    industryDimension(target, facts, company),
    sizeDimension(target, facts),
    companyTypeDimension(target, company),
    locationDimension(target, facts),
    keywordDimension(target, facts, company),
  ].filter((dimension): dimension is FitDimension => dimension !== null);
  const weight = dimensions.reduce((total, dimension) => total + dimension.weight, 0);
  const score = weight === 0 ? 50 : (100 * dimensions.reduce((total, dimension) => total + dimension.weight * dimension.match, 0)) / weight;
  return { score: Math.round(score), dimensions };
}
