import { importedCompany as company } from '../../../../../libs/core/testing/contacts/import-fixtures';
import { CompanyDirectory, CompanyStore } from './company-directory';
import { ContactChunk } from './contact-chunk';
import { emptyBatch } from './contact-csv-batch';

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

  it("writes a chunk's new companies, looks up the ids of those it forgot and answers every id by company ordinal", async () => {
    const calls: string[][] = [];
    let next = 10;
    const store: CompanyStore = {
      write: async (_lines, domains) => {
        calls.push(['write', ...domains]);
        return { ids: new Map(domains.map((domain) => [domain, String(next++)])), changed: domains.length };
      },
      findIds: async (domains) => {
        calls.push(['find', ...domains]);
        return new Map(domains.map((domain) => [domain, `found ${domain}`]));
      },
    };
    const chunkOf = (companies: ContactCsvBatch['companies']) => {
      const chunk = new ContactChunk();
      chunk.addBatch({ ...emptyBatch(), companies });
      return chunk;
    };
    const directory = new CompanyDirectory(1);
    expect(await directory.companyIds(chunkOf([company(), company({ domain: 'beta.io' })]), store)).toEqual(['10', '11']);
    // Two remembered, past the limit of one: the directory starts over and looks acme.io up.
    expect(await directory.companyIds(chunkOf(['acme.io', company({ domain: 'gamma.io' })]), store)).toEqual(['found acme.io', '12']);
    expect(calls).toEqual([
      ['write', 'acme.io', 'beta.io'],
      ['write', 'gamma.io'],
      ['find', 'acme.io'],
    ]);
  });
});
