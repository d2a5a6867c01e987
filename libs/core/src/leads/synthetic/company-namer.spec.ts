import { CompanyNamer } from './company-namer';
import { SYNTHETIC_INDUSTRIES } from './industry-taxonomy';
import { OTHER_COUNTRIES, UNITED_STATES, US_CITIES } from './locations';
import { Prng } from './prng';

const industry = (name: string) => {
  const found = SYNTHETIC_INDUSTRIES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('CompanyNamer', () => {
  const newNamer = () => new CompanyNamer(new Prng(1), () => 'Smith');

  it('never hands out the same domain twice, even for the same kind of organisation in the same city', () => {
    const namer = newNamer();
    const identities = Array.from({ length: 300 }, () => namer.name(industry('Government Administration'), US_CITIES[0], UNITED_STATES));
    const domains = identities.map((identity) => identity.domain);
    expect(new Set(domains).size).toBe(domains.length);
    expect(new Set(identities.map((identity) => identity.linkedinSlug)).size).toBe(domains.length);
  });

  it('spells domains in lower-case ASCII and uses the domain as LinkedIn slug', () => {
    const namer = newNamer();
    for (const candidate of SYNTHETIC_INDUSTRIES) {
      const identity = namer.name(candidate, US_CITIES[3], UNITED_STATES);
      expect(identity.domain).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z]+)+$/);
      expect(identity.domain.startsWith(`${identity.linkedinSlug}.`)).toBe(true);
      expect(identity.name.trim()).toBe(identity.name);
    }
  });

  it('gives US public bodies .gov, universities .edu and charities .org', () => {
    const namer = newNamer();
    expect(namer.name(industry('Law Enforcement'), US_CITIES[0], UNITED_STATES).domain).toMatch(/\.gov$/);
    expect(namer.name(industry('Higher Education'), US_CITIES[0], UNITED_STATES).domain).toMatch(/\.edu$/);
    expect(namer.name(industry('Philanthropy'), US_CITIES[0], UNITED_STATES).domain).toMatch(/\.org$/);
  });

  it('names institutions after their place', () => {
    const namer = newNamer();
    const houston = US_CITIES.find((city) => city.city === 'Houston') ?? US_CITIES[0];
    const name = namer.name(industry('Public Safety'), houston, UNITED_STATES).name;
    expect(name).toContain('Houston');
  });

  it('lets companies abroad use their country domain', () => {
    const namer = newNamer();
    const germany = OTHER_COUNTRIES.find((country) => country.code === 'DE') ?? OTHER_COUNTRIES[0];
    const tlds = new Set(
      Array.from({ length: 50 }, () => namer.name(industry('Computer Software'), germany.cities[0], germany).domain).map((domain) =>
        domain.slice(domain.indexOf('.') + 1),
      ),
    );
    expect(tlds.has('de')).toBe(true);
  });
});
