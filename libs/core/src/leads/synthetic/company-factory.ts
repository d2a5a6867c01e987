import { COMPANY_SIZE_BUCKETS } from '../company-derivations';
import { describeCompany } from './company-description';
import { CompanyNamer } from './company-namer';
import { EMAIL_PATTERN_WEIGHTS } from './email-patterns';
import { SYNTHETIC_INDUSTRIES, type SyntheticCategory } from './industry-taxonomy';
import type { SyntheticCity, SyntheticCountry } from './locations';
import type { Prng } from './prng';
import type { SyntheticCompany } from './synthetic-company';
import { WeightedChoice } from './weighted-choice';

/** The year synthetic companies are aged from; fixed so that output depends on the seed alone. */
export const REFERENCE_YEAR = 2025;

// Per size bucket, smallest first.
const COMPANY_SHARE_BY_SIZE = [35, 28, 10, 9, 6, 4, 5, 1.5, 1.5];
const INSTITUTION_SHARE_BY_SIZE = [10, 20, 15, 15, 12, 10, 12, 3, 3];
const CAPACITY_BY_SIZE = [6, 25, 50, 100, 200, 400, 1500, 3000, 6000];
const MEAN_AGE_BY_SIZE = [7, 11, 16, 20, 25, 30, 38, 45, 55];
const INSTITUTION_MIN_AGE = 10;
const MAX_AGE = 230;
const SIZE_CLASS_BY_SIZE = [0, 0, 1, 1, 1, 1, 2, 2, 2];
const INSTITUTIONS: ReadonlySet<SyntheticCategory> = new Set(['Government', 'Education', 'Nonprofit']);

const sizeChoice = (shares: number[]) => new WeightedChoice(shares.map((share, index) => [index, share] as const));

/** Creates one company at a time: industry, size, age, location, name, domain and description. */
export class CompanyFactory {
  private readonly industries = new WeightedChoice(SYNTHETIC_INDUSTRIES.map((i) => [i, i.weight] as const));
  private readonly companySizes = sizeChoice(COMPANY_SHARE_BY_SIZE);
  private readonly institutionSizes = sizeChoice(INSTITUTION_SHARE_BY_SIZE);
  private readonly emailPatterns = new WeightedChoice(EMAIL_PATTERN_WEIGHTS);
  private readonly namer: CompanyNamer;

  constructor(
    private readonly random: Prng,
    surname: () => string,
    private readonly cityIn: (country: SyntheticCountry) => SyntheticCity,
  ) {
    this.namer = new CompanyNamer(random, surname);
  }

  create(country: SyntheticCountry): SyntheticCompany {
    const random = this.random;
    const industry = this.industries.pick(random);
    const institution = INSTITUTIONS.has(industry.category);
    const sizeIndex = (institution ? this.institutionSizes : this.companySizes).pick(random);
    const location = this.cityIn(country);
    const founded = REFERENCE_YEAR - this.age(sizeIndex, institution);
    const { name, domain, linkedinSlug } = this.namer.name(industry, location, country);
    let emailPattern = this.emailPatterns.pick(random);
    // Only a small team can give everyone an address made of the first name alone.
    if (emailPattern === 'first' && sizeIndex > 1) emailPattern = 'first.last';
    return {
      name,
      domain,
      linkedinUrl: `https://www.linkedin.com/company/${linkedinSlug}`,
      industry,
      size: COMPANY_SIZE_BUCKETS[sizeIndex],
      sizeIndex,
      sizeClass: SIZE_CLASS_BY_SIZE[sizeIndex],
      founded,
      description: describeCompany(random, { name, industry, location, founded }),
      country,
      location,
      emailPattern,
      catchAll: random.chance(0.1),
      usedLocalParts: new Set(),
      contacts: 0,
      capacity: CAPACITY_BY_SIZE[sizeIndex],
    };
  }

  /** Exponentially distributed, older for bigger companies and for institutions, never beyond MAX_AGE. */
  private age(sizeIndex: number, institution: boolean): number {
    const meanAge = MEAN_AGE_BY_SIZE[sizeIndex] * (institution ? 2 : 1);
    const minimum = 1 + sizeIndex + (institution ? INSTITUTION_MIN_AGE : 0);
    const age = minimum + Math.floor(-Math.log(1 - this.random.nextFloat()) * meanAge);
    return age <= MAX_AGE ? age : MAX_AGE - (age % 60);
  }
}
