import { contactLine, copyText } from './staging-line';

describe('copyText', () => {
  it('writes null as \\N and escapes what COPY text format would read as structure', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText('plain, "quoted" é')).toBe('plain, "quoted" é');
    expect(copyText('a\tb\nc\r\nd\\N')).toBe('a\\tb\\nc\\r\\nd\\\\N');
  });
});

describe('contactLine', () => {
  const row = {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    emailStatus: 'verified',
    phone: null,
    linkedinUrl: null,
    jobTitle: 'CTO',
    seniority: 'C-Suite',
    department: 'Engineering',
    countryCode: 'GB',
    country: null,
    state: '',
    city: 'London',
  } as unknown as Parameters<typeof contactLine>[0];

  it('writes a plain row as it is, nulls as \\N', () => {
    expect(contactLine(row)).toBe(
      '00000000-0000-4000-8000-000000000001\tAda\tLovelace\tada@example.com\tverified\t\\N\t\\N\tCTO\tC-Suite\tEngineering\tGB\t\\N\t\tLondon\n',
    );
  });

  it('escapes every field of a row where any field needs it', () => {
    const line = contactLine({ ...row, lastName: 'Love\tlace', city: 'Lon\\don', phone: '+44\n1' });
    expect(line.split('\t')).toHaveLength(14);
    expect(line).toContain('\tLove\\tlace\t');
    expect(line).toContain('\t+44\\n1\t');
    expect(line.endsWith('\tLon\\\\don\n')).toBe(true);
  });
});
