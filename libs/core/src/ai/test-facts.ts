import { emptyProspectFacts, ProspectFacts } from './prospect-facts';

/** A software company contact with a readable website, for specs. */
export function clinicSoftFacts(overrides: Partial<ProspectFacts> = {}): ProspectFacts {
  return {
    ...emptyProspectFacts(),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@clinicsoft.test',
    domain: 'clinicsoft.test',
    title: 'VP of Engineering',
    seniority: 'VP',
    department: 'Engineering',
    companyName: 'ClinicSoft',
    industry: 'Computer Software',
    companySize: '101 to 250',
    companyType: 'private',
    countryCode: 'US',
    websiteText:
      'ClinicSoft\nScheduling software for independent clinics\nClinicSoft We build scheduling software for independent clinics. ' +
      'Our platform helps 2,000 practices book patients online. In 2025 we launched ClinicPay, our payments product.',
    ...overrides,
  };
}
