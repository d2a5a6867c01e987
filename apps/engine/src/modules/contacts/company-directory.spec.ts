import type { CompanyImport } from '@lead-engine/core';
import { CompanyDirectory } from './company-directory';

const company = (values: Partial<CompanyImport> = {}): CompanyImport => ({
  domain: 'acme.io',
  name: 'Acme',
  size: '11 to 50',
  revenueBand: '$1M-10M',
  industry: 'Computer Software',
  companyType: 'private',
  category: null,
  founded: null,
  linkedinUrl: null,
  description: 'Rockets',
  ...values,
});

describe('CompanyDirectory', () => {
  it('asks to write a company the first time, then only when a chunk says something new about it', () => {
    const directory = new CompanyDirectory();
    expect(directory.toWrite([company()])).toEqual([company()]);
    directory.remember([company()], new Map([['acme.io', '7']]));
    expect(directory.idOf('acme.io')).toBe('7');

    expect(directory.toWrite([company()])).toEqual([]);
    expect(directory.toWrite([company({ size: null, revenueBand: null, description: null })])).toEqual([]);
    const founded = company({ founded: 1990 });
    expect(directory.toWrite([founded])).toEqual([founded]);
    directory.remember([founded], new Map([['acme.io', '7']]));
    expect(directory.toWrite([company({ founded: null })])).toEqual([]);
  });

  it('refuses to guess an id it was not given', () => {
    const directory = new CompanyDirectory();
    expect(() => directory.remember([company()], new Map())).toThrow(/no company id came back for acme.io/);
    expect(directory.idOf('acme.io')).toBeUndefined();
  });

  it('writes a company whose id was only looked up as soon as a chunk says anything about it', () => {
    const directory = new CompanyDirectory();
    directory.rememberIds(new Map([['acme.io', '9']]));
    expect(directory.idOf('acme.io')).toBe('9');
    expect(directory.toWrite([company()])).toEqual([company()]);
  });
});
