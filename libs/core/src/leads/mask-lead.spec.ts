import { type LeadForMasking, maskEmail, maskLastName, maskLead, maskPhone } from './mask-lead';

describe('maskLastName', () => {
  it('keeps the initial and a dot', () => {
    expect(maskLastName('Smith')).toBe('S.');
    expect(maskLastName(' Müller ')).toBe('M.');
    expect(maskLastName('Østergaard')).toBe('Ø.');
    expect(maskLastName('𝒮mith')).toBe('𝒮.');
  });

  it('leaves a missing last name empty', () => {
    expect(maskLastName('')).toBe('');
    expect(maskLastName(null)).toBe('');
  });
});

describe('maskEmail', () => {
  it('keeps the first character of the local part and the top-level domain', () => {
    expect(maskEmail('john.smith@acme.com')).toBe('j***@*****.com');
    expect(maskEmail('a@b.co.uk')).toBe('a***@*****.uk');
    expect(maskEmail('zoë@café.de')).toBe('z***@*****.de');
  });

  it('does not tell how long the local part or the domain is', () => {
    expect(maskEmail('j@x.io')).toBe(maskEmail('jonathan.q.public@very-long-domain.example.io'));
  });

  it('copes with odd addresses without throwing', () => {
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskEmail('@acme.com')).toBe('***@*****.com');
    expect(maskEmail('root@localhost')).toBe('r***@*****');
    expect(maskEmail('x@acme.')).toBe('x***@*****');
    expect(maskEmail('x@acme.c<m')).toBe('x***@*****');
    expect(maskEmail('"a@b"@acme.org')).toBe('"***@*****.org');
    expect(maskEmail('')).toBe('');
    expect(maskEmail(null)).toBe('');
  });
});

describe('maskPhone', () => {
  it('shows only the last two digits in the fixed shape ***-**NN', () => {
    expect(maskPhone('+1 415 555 0100')).toBe('***-**00');
    expect(maskPhone('(415) 555-0123')).toBe('***-**23');
    expect(maskPhone('+44 20 7946 0958')).toBe('***-**58');
  });

  it('shows no digit of a number with fewer than three digits', () => {
    expect(maskPhone('12')).toBe('***-****');
    expect(maskPhone('n/a')).toBe('***-****');
  });

  it('keeps a missing phone null', () => {
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone(undefined)).toBeNull();
    expect(maskPhone('  ')).toBeNull();
  });
});

describe('maskLead', () => {
  const lead: LeadForMasking & { emailStatus: string } = {
    id: '6f1c2b9e-4d3a-4c8b-9a7e-1f2d3c4b5a69',
    firstName: 'John',
    lastName: 'Smith',
    email: 'john.smith@acme.com',
    emailStatus: 'verified',
    phone: '+1 415 555 0100',
    companyName: 'Acme',
    companyDomain: 'acme.com',
    jobTitle: 'VP of Sales',
    seniority: 'VP',
    department: 'Sales',
    country: 'United States',
    countryCode: 'US',
    state: 'California',
    city: 'San Francisco',
    companySize: '51 to 100',
    linkedinUrl: 'https://www.linkedin.com/in/john-smith-1a2b3c',
    industryName: 'Computer Software',
    categoryName: 'Technology',
  };

  it('builds the masked lead shape', () => {
    expect(maskLead(lead)).toEqual({
      id: lead.id,
      firstName: 'John',
      lastName: 'S.',
      fullName: 'John S.',
      email: 'j***@*****.com',
      phone: '***-**00',
      companyName: 'Acme',
      companyDomain: null,
      jobTitle: 'VP of Sales',
      seniority: 'VP',
      department: 'Sales',
      country: 'United States',
      countryCode: 'US',
      state: 'California',
      city: 'San Francisco',
      companySize: '51 to 100',
      linkedinUrl: null,
      industryName: 'Computer Software',
      categoryName: 'Technology',
    });
  });

  it('never carries the real contact details or fields outside the shape', () => {
    const text = JSON.stringify(maskLead(lead));
    for (const secret of ['Smith', 'john.smith', 'acme.com', '0100', 'linkedin.com', 'verified']) {
      expect(text).not.toContain(secret);
    }
  });

  it('turns missing optional fields into empty strings and keeps a null phone', () => {
    const masked = maskLead({
      ...lead,
      lastName: '',
      phone: null,
      seniority: null,
      department: null,
      country: null,
      state: null,
      city: null,
      companySize: null,
      industryName: null,
      categoryName: null,
    });
    expect(masked).toMatchObject({
      lastName: '',
      fullName: 'John',
      phone: null,
      seniority: '',
      department: '',
      country: '',
      state: '',
      city: '',
      companySize: '',
      industryName: '',
      categoryName: null,
    });
  });
});
