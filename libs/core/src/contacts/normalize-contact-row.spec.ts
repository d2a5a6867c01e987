import { mapContactCsvHeader } from './contact-csv-header';
import { normalizeContactRow, webUrlOf } from './normalize-contact-row';

const HEADER = [
  'id',
  'first_name',
  'last_name',
  'email',
  'email_status',
  'phone',
  'job_title',
  'seniority',
  'country_code',
  'company_name',
  'company_domain',
  'company_size',
  'company_founded',
  'industry',
  'company_description',
];
const header = mapContactCsvHeader(HEADER);
const ID = '0b7e7f52-4c1a-4d8e-9a55-3f1d2c9b8e01';

function record(values: Partial<Record<string, string>>): string[] {
  const base: Record<string, string> = {
    id: ID,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@acme.io',
    email_status: 'verified',
    phone: '+1 415 555 0100',
    job_title: 'CTO',
    seniority: 'C-Suite',
    country_code: 'us',
    company_name: 'Acme',
    company_domain: 'https://www.Acme.io/',
    company_size: '51 to 100',
    company_founded: '1998',
    industry: 'Higher Education',
    company_description: 'Analytical engines',
  };
  return HEADER.map((name) => values[name] ?? base[name]);
}

const newId = () => 'generated-id';
const reasonFor = (values: Partial<Record<string, string>>) => {
  const result = normalizeContactRow(record(values), header, newId);
  return result.ok ? null : result.reason;
};

describe('normalizeContactRow', () => {
  it('trims, normalizes the domain and country code, and derives revenue band and company type', () => {
    const result = normalizeContactRow(record({ first_name: '  Ada ', id: ID.toUpperCase() }), header, newId);
    expect(result).toEqual({
      ok: true,
      urlsDropped: 0,
      row: {
        id: ID,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@acme.io',
        emailStatus: 'verified',
        phone: '+1 415 555 0100',
        linkedinUrl: null,
        jobTitle: 'CTO',
        seniority: 'C-Suite',
        department: '',
        countryCode: 'US',
        country: null,
        state: '',
        city: '',
        companyName: 'Acme',
        companyDomain: 'acme.io',
        companySize: '51 to 100',
        revenueBand: '$10M-50M',
        companyFounded: 1998,
        companyLinkedin: null,
        industry: 'Higher Education',
        category: null,
        companyType: 'education',
        companyDescription: 'Analytical engines',
      },
    });
  });

  it('keeps only http and https URLs in linkedin_url and company_linkedin, counting the ones dropped', () => {
    const withUrls = mapContactCsvHeader([...HEADER, 'linkedin_url', 'company_linkedin']);
    const row = (linkedin: string, companyLinkedin: string) =>
      normalizeContactRow([...record({}), linkedin, companyLinkedin], withUrls, newId);
    expect(row('https://www.linkedin.com/in/ada', 'http://linkedin.com/company/acme')).toMatchObject({
      ok: true,
      urlsDropped: 0,
      row: { linkedinUrl: 'https://www.linkedin.com/in/ada', companyLinkedin: 'http://linkedin.com/company/acme' },
    });
    expect(row('javascript:alert(1)', 'data:text/html,<script>alert(1)</script>')).toMatchObject({
      ok: true,
      urlsDropped: 2,
      row: { linkedinUrl: null, companyLinkedin: null, firstName: 'Ada' },
    });
    expect(row('', ' JavaScript:alert(1)')).toMatchObject({ ok: true, urlsDropped: 1, row: { linkedinUrl: null, companyLinkedin: null } });
  });

  it('reads a URL as a browser would before judging its scheme', () => {
    for (const dropped of ['javascript:alert(1)', 'java\tscript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:,x', 'vbscript:x', 'file:///etc/passwd', 'ftp://x.example', 'linkedin.com/in/ada', '//evil.example/x', 'not a url']) {
      expect({ dropped, kept: webUrlOf(dropped) }).toEqual({ dropped, kept: null });
    }
    for (const kept of ['https://www.linkedin.com/in/ada', 'HTTP://linkedin.com/company/acme']) expect(webUrlOf(kept)).toBe(kept);
    expect(webUrlOf('')).toBeNull();
  });

  it('takes an id from the factory only for a row without one', () => {
    const ids: string[] = [];
    const factory = () => {
      ids.push('fresh');
      return 'fresh';
    };
    const withoutId = normalizeContactRow(record({ id: '' }), header, factory);
    expect(withoutId.ok && withoutId.row.id).toBe('fresh');
    normalizeContactRow(record({ id: '', email: '' }), header, factory);
    normalizeContactRow(record({}), header, factory);
    expect(ids).toEqual(['fresh']);
  });

  it('leaves optional values blank when absent: no size → no revenue band, no industry → private', () => {
    const result = normalizeContactRow(
      record({ company_size: ' ', company_founded: '', industry: '', email_status: '', phone: '', company_description: '' }),
      header,
      newId,
    );
    expect(result.ok && result.row).toMatchObject({
      companySize: null,
      revenueBand: null,
      companyFounded: null,
      industry: null,
      companyType: 'private',
      emailStatus: 'unknown',
      phone: null,
      companyDescription: null,
    });
  });

  it('accepts a size bucket with odd spacing or case', () => {
    const result = normalizeContactRow(record({ company_size: '1001  TO 5000' }), header, newId);
    expect(result.ok && result.row).toMatchObject({ companySize: '1001 to 5000', revenueBand: '$250M-1B' });
  });

  it.each([
    [{ first_name: '' }, 'missing first_name'],
    [{ last_name: ' ' }, 'missing last_name'],
    [{ email: '' }, 'missing email'],
    [{ job_title: '' }, 'missing job_title'],
    [{ company_name: '' }, 'missing company_name'],
    [{ company_domain: '' }, 'missing company_domain'],
    [{ country_code: '' }, 'missing country_code'],
    [{ id: 'not-a-uuid' }, 'invalid id: "not-a-uuid" is not a uuid'],
    [{ email: 'ada.acme.io' }, 'invalid email: "ada.acme.io"'],
    [{ company_domain: 'acme' }, 'invalid company_domain: "acme" is not a domain name'],
    [{ country_code: 'USA' }, 'invalid country_code: "USA" is not a two-letter code'],
    [{ country_code: 'U1' }, 'invalid country_code: "U1" is not a two-letter code'],
    [
      { company_size: 'huge' },
      'invalid company_size: "huge" is not one of 1 to 10, 11 to 50, 51 to 100, 101 to 250, 251 to 500, 501 to 1000, 1001 to 5000, 5001 to 10000, 10001+',
    ],
    [{ company_founded: '98' }, 'invalid company_founded: "98" is not a four-digit year'],
    [{ company_founded: '1998.5' }, 'invalid company_founded: "1998.5" is not a four-digit year'],
    [{ city: 'x' }, null],
  ])('%j → %s', (values, reason) => {
    expect(reasonFor(values)).toBe(reason);
  });

  it('reports the first problem: a bad id before a missing value, a missing value before a bad format', () => {
    expect(reasonFor({ id: 'x', email: '' })).toBe('invalid id: "x" is not a uuid');
    expect(reasonFor({ email: 'nope', country_code: '' })).toBe('missing country_code');
  });

  it('rejects a record whose field count differs from the header, and a NUL byte PostgreSQL cannot store', () => {
    expect(normalizeContactRow(record({}).slice(1), header, newId)).toEqual({
      ok: false,
      reason: 'wrong column count: expected 15 fields, got 14',
    });
    expect(reasonFor({ company_description: 'a\u0000b' })).toBe('invalid characters: field 15 contains a NUL byte');
  });

  it('shortens long values in reasons', () => {
    expect(reasonFor({ email: 'x'.repeat(100) })).toBe(`invalid email: "${'x'.repeat(57)}..."`);
  });
});
