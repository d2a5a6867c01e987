import { describeCompany } from './company-profile';
import { emptyProspectFacts } from './prospect-facts';
import { clinicSoftFacts } from './test-facts';

describe('describeCompany', () => {
  it('names the company type from its industry and what it offers from its website', () => {
    expect(describeCompany(clinicSoftFacts())).toMatchObject({
      sector: 'Technology',
      ownership: 'private',
      companyType: 'software company',
      companyTypePlural: 'software companies',
      industryDescriptor: 'software',
      buyerPersonas: 'clinicians and practice managers',
      customers: 'independent clinics',
      solution: 'Scheduling software for independent clinics',
    });
  });

  it('falls back to the sector the website points to when the industry is unknown', () => {
    const company = describeCompany({
      ...emptyProspectFacts(),
      websiteText: 'We run three hospitals and a network of clinics for patients across Ohio.',
    });
    expect(company).toMatchObject({ sector: 'Healthcare', companyType: 'healthcare organization', industryDescriptor: 'healthcare' });
  });

  it('uses generic words when nothing is known, and a non-taxonomy industry as given', () => {
    expect(describeCompany(emptyProspectFacts())).toMatchObject({
      sector: null,
      companyType: 'company',
      industryDescriptor: 'business',
      solution: null,
    });
    expect(describeCompany({ ...emptyProspectFacts(), industry: 'Quantum Widgets' })).toMatchObject({
      companyType: 'quantum widgets company',
      companyTypePlural: 'quantum widgets companies',
    });
  });
});
