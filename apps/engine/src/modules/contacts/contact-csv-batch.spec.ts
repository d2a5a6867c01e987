import { normalizeContactRow, mapContactCsvHeader } from '@lead-engine/core';
import { ContactChunk } from './contact-chunk';
import { ContactCsvBatcher, ContactCsvHeaderError } from './contact-csv-batch';

const HEADER = 'id,first_name,last_name,email,job_title,company_name,company_domain,country_code,industry';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const latin1 = (text: string) => Buffer.from(text).toString('latin1');
const text = (lines: Buffer[]) => Buffer.concat(lines).toString('utf8');

describe('ContactCsvBatcher', () => {
  const rows = [
    `${id(1)},Ada,Lovelace,ada@acme.io,CTO,Acme,https://www.Acme.io/about,us,`,
    `${id(2)},Bob,,bob@acme.io,Poet,Acme,acme.io,US,Software`,
    `${id(3)},"Zoë ""Z""",Ng,zoe@acme.io,CEO,Acme Inc,acme.io,DE,Software`,
    `${id(4)},Cy,Do,cy@beta.io,CFO,Beta,beta.io,FR`,
    `${id(5)},Di,"x"y,di@beta.io,CFO,Beta,beta.io,FR,`,
  ];

  it('checks rows as they come, rejects the broken ones by line, folds companies, and builds what a chunk needs', () => {
    const batcher = new ContactCsvBatcher();
    const file = latin1([HEADER, ...rows].join('\n') + '\n');
    const first = batcher.push(file.slice(0, 200));
    const second = batcher.push(file.slice(200));
    const last = batcher.end();
    expect(batcher.fields).toEqual(['first_name', 'last_name', 'email', 'job_title', 'country_code']);
    const batches = [first, second, last];
    expect(batches.flatMap((batch) => batch.rejections)).toEqual([
      { line: 3, reason: 'missing last_name' },
      { line: 5, reason: 'wrong column count: expected 9 fields, got 8' },
      { line: 6, reason: 'malformed CSV: text after the closing quote of a field' },
    ]);
    expect(batches.reduce((sum, batch) => sum + batch.records, 0)).toBe(5);

    // The same chunk as adding the valid rows one by one.
    const header = mapContactCsvHeader(HEADER.split(','));
    const byRow = new ContactChunk();
    for (const line of [rows[0], `${id(3)},"Zoë ""Z""",Ng,zoe@acme.io,CEO,Acme Inc,acme.io,DE,Software`]) {
      const fields = line
        .match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!
        .map((field) => field.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
      const checked = normalizeContactRow(fields.slice(0, 9), header, () => 'unused');
      if (!checked.ok) throw new Error(checked.reason);
      byRow.add(checked.row);
    }
    const byBatch = new ContactChunk();
    for (const batch of batches) byBatch.addBatch(batch);
    expect(byBatch.rows).toBe(2);
    expect(byBatch.companyDomains()).toEqual(['acme.io']);
    expect(byBatch.companyUpdates()).toEqual(byRow.companyUpdates());
    expect(byBatch.companyUpdates()).toMatchObject([{ domain: 'acme.io', name: 'Acme Inc', industry: 'Software' }]);
    expect(text([...byBatch.stagingLines()])).toBe(text([...byRow.stagingLines()]));
    // Both ids end in an odd digit: one half has both rows, in file order, the other none.
    expect(text([...byBatch.stagingLines(0)])).toBe('');
    expect(text([...byBatch.stagingLines(1)])).toMatch(
      new RegExp(`^1\t1\t${id(1)}\tAda\tLovelace\tada@acme.io\tunknown\t\\\\N\t\\\\N\tCTO\t\t\tUS\t\\\\N\t\t\n2\t1\t${id(3)}\t`),
    );
    expect(text([...byBatch.tableLines(['42'])])).toContain(`42\t${id(3)}\tZoë "Z"\tNg\t`);
  });

  it('sends a company whole only while its rows say something new about it, its domain alone after that', () => {
    const batcher = new ContactCsvBatcher();
    const line = (n: number, company: string, industry = '') => `${id(n)},A,B,a${n}@acme.io,CTO,${company},acme.io,US,${industry}\n`;
    const first = batcher.push(latin1(`${HEADER}\n${line(1, 'Acme')}`));
    const same = batcher.push(latin1(line(2, 'Acme') + line(3, 'Acme')));
    const more = batcher.push(latin1(line(4, 'Acme', 'Software')));
    const again = batcher.push(latin1(line(5, 'Acme')));
    expect(first.companies).toMatchObject([{ domain: 'acme.io', name: 'Acme', industry: null }]);
    expect(same.companies).toEqual(['acme.io']);
    expect(more.companies).toMatchObject([{ domain: 'acme.io', industry: 'Software' }]);
    expect(again.companies).toEqual(['acme.io']);

    const chunk = new ContactChunk();
    for (const batch of [first, same, more, again]) chunk.addBatch(batch);
    expect(chunk.rows).toBe(5);
    expect(chunk.companyDomains()).toEqual(['acme.io']);
    expect(chunk.companyUpdates()).toMatchObject([{ domain: 'acme.io', name: 'Acme', industry: 'Software' }]);
    const later = new ContactChunk();
    later.addBatch(again);
    expect(later.companyDomains()).toEqual(['acme.io']);
    expect(later.companyUpdates()).toEqual([]);
  });

  it('refuses a file without a usable header', () => {
    expect(() => new ContactCsvBatcher().end()).toThrow(ContactCsvHeaderError);
    expect(() => new ContactCsvBatcher().push('first_name,email\nAda,a@b.io\n')).toThrow(/missing required columns/);
    expect(() => new ContactCsvBatcher().push('a,b"c\n')).toThrow(/header row cannot be read/);
  });
});
