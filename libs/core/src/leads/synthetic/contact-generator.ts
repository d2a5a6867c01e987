import { asciiFold } from './ascii-fold';
import { CompanyFactory } from './company-factory';
import { CompanyPool } from './company-pool';
import { emailLocalPart } from './email-patterns';
import { OTHER_COUNTRIES, type SyntheticCity, type SyntheticCountry, UNITED_STATES } from './locations';
import { FIRST_NAMES, LAST_NAMES } from './person-names';
import { Prng } from './prng';
import { RolePicker } from './role-picker';
import type { SyntheticContact } from './synthetic-contact';
import { uuidFromPrng } from './uuid-from-prng';
import { WeightedChoice } from './weighted-choice';

export interface ContactGenerator {
  next(): SyntheticContact;
}

/** The source is about 99.9% US. */
const OTHER_COUNTRY_SHARE = 0.001;
const PHONE_SHARE = 0.7;
const LINKEDIN_SHARE = 0.92;
const VERIFIED_SHARE = 0.75;
// Share of a company's people who work in its home city, by size bucket.
const HOME_CITY_SHARE_BY_SIZE = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.6, 0.5, 0.45];

const fourDigits = (value: number): string => `${value}`.padStart(4, '0');
const sixHexDigits = (value: number): string => value.toString(16).padStart(6, '0');

interface NamePool {
  names: readonly string[];
  folded: readonly string[];
  choice: WeightedChoice<number>;
}

/** Common names come first in the lists, so weight by rank. */
function namePool(names: readonly string[]): NamePool {
  return {
    names,
    folded: names.map(asciiFold),
    choice: new WeightedChoice(names.map((_, rank) => [rank, 1 / (rank + 15)] as const)),
  };
}

const byPopulation = (cities: readonly SyntheticCity[]) => new WeightedChoice(cities.map((city) => [city, city.population] as const));

/**
 * A deterministic stream of realistic synthetic contacts: the same seed gives the same contacts in the same
 * order. Companies are made as contacts need them and shared between contacts.
 */
export function createContactGenerator(seed: number): ContactGenerator {
  const random = new Prng(seed);
  const firstNames = namePool(FIRST_NAMES);
  const lastNames = namePool(LAST_NAMES);
  const citiesByCountry = new Map<string, WeightedChoice<SyntheticCity>>(
    [UNITED_STATES, ...OTHER_COUNTRIES].map((country) => [country.code, byPopulation(country.cities)]),
  );
  const cityIn = (country: SyntheticCountry): SyntheticCity =>
    (citiesByCountry.get(country.code) as WeightedChoice<SyntheticCity>).pick(random);
  const otherCountries = new WeightedChoice(OTHER_COUNTRIES.map((country) => [country, country.weight] as const));
  const factory = new CompanyFactory(random, () => lastNames.names[lastNames.choice.pick(random)], cityIn);
  const usCompanies = new CompanyPool(random, () => factory.create(UNITED_STATES));
  const otherCompanies = new CompanyPool(random, () => factory.create(otherCountries.pick(random)));
  const roles = new RolePicker();

  const next = (): SyntheticContact => {
    const company = (random.chance(OTHER_COUNTRY_SHARE) ? otherCompanies : usCompanies).take();
    const role = roles.pick(random, company.industry.category, company.sizeClass);
    const first = firstNames.choice.pick(random);
    const last = lastNames.choice.pick(random);
    const firstFolded = firstNames.folded[first];
    const lastFolded = lastNames.folded[last];

    let localPart = emailLocalPart(company.emailPattern, firstFolded, lastFolded);
    if (company.usedLocalParts.has(localPart)) {
      let counter = 2;
      while (company.usedLocalParts.has(localPart + counter)) counter++;
      localPart += counter;
    }
    company.usedLocalParts.add(localPart);

    const location = random.chance(HOME_CITY_SHARE_BY_SIZE[company.sizeIndex]) ? company.location : cityIn(company.country);
    const phone = random.chance(PHONE_SHARE)
      ? `${location.dialPrefix} ${fourDigits(random.nextInt(company.country.phoneTailRange))}`
      : null;
    const linkedinUrl = random.chance(LINKEDIN_SHARE)
      ? `https://www.linkedin.com/in/${firstFolded}-${lastFolded}-${sixHexDigits(random.nextUint32() >>> 8)}`
      : null;
    const emailStatus = company.catchAll ? 'catch_all' : random.chance(VERIFIED_SHARE) ? 'verified' : 'unknown';

    return {
      id: uuidFromPrng(random),
      firstName: firstNames.names[first],
      lastName: lastNames.names[last],
      email: `${localPart}@${company.domain}`,
      emailStatus,
      phone,
      linkedinUrl,
      jobTitle: role.jobTitle,
      seniority: role.seniority,
      department: role.department,
      country: company.country.name,
      countryCode: company.country.code,
      state: location.state,
      city: location.city,
      companyName: company.name,
      companyDomain: company.domain,
      companySize: company.size,
      companyFounded: company.founded,
      companyLinkedin: company.linkedinUrl,
      industry: company.industry.name,
      category: company.industry.category,
      companyDescription: company.description,
    };
  };
  return { next };
}

export function* generateContacts(count: number, seed: number): Generator<SyntheticContact, void, undefined> {
  const generator = createContactGenerator(seed);
  for (let i = 0; i < count; i++) yield generator.next();
}
