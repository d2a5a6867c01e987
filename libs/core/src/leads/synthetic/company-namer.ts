import { asciiSlug } from './ascii-fold';
import { CATEGORY_VOCABULARY } from './category-vocabulary';
import {
  BRAND_HEADS,
  BRAND_TAILS,
  GENERIC_PATTERNS,
  NAME_WORDS_BY_INDUSTRY,
  type NamePattern,
  PATTERNS_BY_INDUSTRY,
  SAINTS,
  STATE_AGENCIES,
} from './company-name-patterns';
import type { SyntheticIndustry } from './industry-taxonomy';
import type { SyntheticCity, SyntheticCountry } from './locations';
import type { Prng } from './prng';
import { WeightedChoice } from './weighted-choice';

export interface CompanyIdentity {
  name: string;
  domain: string;
  /** Also unique: it is the domain without its top-level part. */
  linkedinSlug: string;
}

const NAME_ATTEMPTS = 4;
const LONGEST_SPELLED_OUT_DOMAIN = 28;
const LEGAL_SUFFIXES: ReadonlySet<string> = new Set(['llp', 'llc', 'inc', 'co']);

const choiceOf = (patterns: readonly NamePattern[]) => new WeightedChoice(patterns.map((pattern) => [pattern, pattern.weight] as const));

/** Names companies and hands out domains no other company has, since a company is identified by its domain. */
export class CompanyNamer {
  private readonly takenDomainBases = new Set<string>();
  private readonly genericPatterns = choiceOf(GENERIC_PATTERNS);
  private readonly industryPatterns = new Map(
    Object.entries(PATTERNS_BY_INDUSTRY).map(([industry, patterns]) => [industry, choiceOf(patterns)] as const),
  );

  constructor(
    private readonly random: Prng,
    private readonly surname: () => string,
  ) {}

  name(industry: SyntheticIndustry, location: SyntheticCity, country: SyntheticCountry): CompanyIdentity {
    const patterns = this.industryPatterns.get(industry.name) ?? this.genericPatterns;
    let name = '';
    let base = '';
    let pattern: NamePattern | undefined;
    for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
      pattern = patterns.pick(this.random);
      name = this.fill(pattern.pattern, industry, location);
      base = this.domainBase(name);
      if (!this.takenDomainBases.has(base)) break;
    }
    base = this.unclaimed(base, location);
    this.takenDomainBases.add(base);
    return { name, domain: `${base}.${this.tld(industry, country, pattern?.tld)}`, linkedinSlug: base };
  }

  private fill(pattern: string, industry: SyntheticIndustry, location: SyntheticCity): string {
    return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
      switch (key) {
        case 'brand':
          return this.random.pick(BRAND_HEADS) + this.random.pick(BRAND_TAILS);
        case 'word':
          return this.random.pick(NAME_WORDS_BY_INDUSTRY[industry.name] ?? CATEGORY_VOCABULARY[industry.category].nameWords);
        case 'city':
          return location.city;
        case 'state':
          return location.state;
        case 'agency':
          return this.random.pick(STATE_AGENCIES);
        case 'saint':
          return this.random.pick(SAINTS);
        default:
          return this.surname();
      }
    });
  }

  private domainBase(name: string): string {
    const words = asciiSlug(name, ' ').split(' ');
    while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1])) words.pop();
    const spelledOut = words.join('');
    // Long institutional names go by their initials, as "Texas Department of Transportation" goes by tdot.
    if (words.length >= 3 && spelledOut.length > LONGEST_SPELLED_OUT_DOMAIN) return words.map((w) => w[0]).join('');
    return this.random.chance(0.4) ? words.join('-') : spelledOut;
  }

  private unclaimed(base: string, location: SyntheticCity): string {
    if (!this.takenDomainBases.has(base)) return base;
    const regional = `${base}-${location.stateCode.toLowerCase()}`;
    if (!this.takenDomainBases.has(regional)) return regional;
    let counter = 2;
    while (this.takenDomainBases.has(`${regional}${counter}`)) counter++;
    return `${regional}${counter}`;
  }

  private tld(industry: SyntheticIndustry, country: SyntheticCountry, patternTld: string | undefined): string {
    const categoryTlds = CATEGORY_VOCABULARY[industry.category].tlds;
    if (country.code === 'US') return patternTld ?? this.random.pick(categoryTlds);
    if (categoryTlds[0] === 'gov' || patternTld === 'edu') return country.localTld;
    return this.random.chance(0.6) ? country.localTld : (patternTld ?? this.random.pick(categoryTlds));
  }
}
