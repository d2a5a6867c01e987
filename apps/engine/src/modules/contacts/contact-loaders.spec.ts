import type { ContactImportRow } from '@lead-engine/core';
import type { DataSource } from 'typeorm';
import { importRow } from '../../../../../libs/core/testing/contacts/import-fixtures';
import { specDatabase } from '../../../testing/database/spec-database';
import { openDatabase } from '../../infrastructure/database/create-data-source';
import { BulkContactLoader } from './bulk-contact-loader';
import { ChunkPipeline } from './chunk-pipeline';
import { ChunkedContactLoader } from './chunked-contact-loader';
import { CompanyDirectory } from './company-directory';
import type { ContactLoader, ContactLoadSetup } from './contact-loader';
import { CONTACT_FIELDS, ContactsRepository } from './contacts.repository';

const id = (n: number) => `0b7e7f52-4c1a-4d8e-9a55-3f1d2c9b8e${String(n).padStart(2, '0')}`;
const at = (domain: string, values: Partial<ContactImportRow>) =>
  importRow({ companyDomain: domain, companyName: domain.split('.')[0], email: `${values.firstName ?? 'x'}@${domain}`, ...values });

/** One load in three chunks: a contact written again in a later chunk, and a company whose facts arrive over two chunks. */
const THREE_CHUNKS: ContactImportRow[][] = [
  [
    at('acme.io', { id: id(1), firstName: 'Ada', jobTitle: 'CTO', companyDescription: 'Rockets' }),
    at('globex.com', { id: id(2), firstName: 'Bob', jobTitle: 'Engineer', companySize: '51 to 200' }),
  ],
  [
    at('acme.io', { id: id(1), firstName: 'Ada', jobTitle: 'CEO' }),
    at('acme.io', { id: id(3), firstName: 'Cy', jobTitle: 'Designer', companySize: '11 to 50' }),
  ],
  [at('initech.com', { id: id(4), firstName: 'Dee', jobTitle: 'Analyst', industry: 'Computer Software' })],
];

/** The second chunk names a company PostgreSQL refuses (its type breaks a CHECK), after a first chunk that is fine. */
const FAILING_SECOND_CHUNK: ContactImportRow[][] = [
  THREE_CHUNKS[0],
  [at('pirates.io', { id: id(5), firstName: 'Eve', companyType: 'pirate' as ContactImportRow['companyType'] })],
];

const LOADERS: Array<[string, (setup: ContactLoadSetup) => Promise<ContactLoader>]> = [
  ['chunked', async (setup) => new ChunkedContactLoader(setup)],
  ['bulk', async (setup) => (await BulkContactLoader.begin(setup))!],
];

describe.each(LOADERS)('the %s contact loader', (kind, startLoader) => {
  const database = specDatabase(`loader_${kind}`);
  let dataSource: DataSource;
  let repository: ContactsRepository;

  beforeAll(async () => {
    dataSource = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    repository = new ContactsRepository(dataSource);
  });

  afterEach(async () => {
    await dataSource.query('TRUNCATE contacts, companies CASCADE');
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  /** Loads the chunks, each written as it is complete, through the loader under test; what the pipeline says and the loader changed. */
  async function load(chunks: ContactImportRow[][]) {
    return repository.withBulkConnection((companies) =>
      repository.withBulkConnection((first) =>
        repository.withBulkConnection(async (second) => {
          for (const client of [companies, first, second]) await repository.createStaging(client);
          const setup: ContactLoadSetup = {
            connections: { companies, contacts: [first, second] },
            repository,
            fields: CONTACT_FIELDS,
            directory: new CompanyDirectory(),
          };
          const pipeline = new ChunkPipeline(() => startLoader(setup));
          let failure: unknown = null;
          try {
            for (const [index, rows] of chunks.entries()) {
              for (const row of rows) pipeline.add(row);
              if (index < chunks.length - 1) await pipeline.flush();
            }
            await pipeline.close();
          } catch (error) {
            failure = error;
          }
          for (const client of [companies, first, second]) await repository.dropStaging(client);
          return { outcome: pipeline.outcome, changedRows: pipeline.changedRows, failure };
        }),
      ),
    );
  }

  const contactsNow = () =>
    dataSource.query(
      `SELECT c.id, c.first_name, c.job_title, co.domain FROM contacts c JOIN companies co ON co.id = c.company_id ORDER BY c.seq`,
    );
  const companiesNow = () => dataSource.query(`SELECT domain, size_bucket, description, industry FROM companies ORDER BY domain`);

  it('writes every chunk: the last row of an id wins, a company gathers what each chunk said of it, browse order follows the file', async () => {
    const { outcome, changedRows, failure } = await load(THREE_CHUNKS);
    expect(failure).toBeNull();
    expect(outcome).toEqual({ inserted: 4, updated: 1 });
    // Companies: acme, globex; acme again (its size); initech. Contacts: Ada, Bob; Ada again, Cy; Dee.
    expect(changedRows).toBe(4 + 5);
    expect(await contactsNow()).toEqual([
      { id: id(1), first_name: 'Ada', job_title: 'CEO', domain: 'acme.io' },
      { id: id(2), first_name: 'Bob', job_title: 'Engineer', domain: 'globex.com' },
      { id: id(3), first_name: 'Cy', job_title: 'Designer', domain: 'acme.io' },
      { id: id(4), first_name: 'Dee', job_title: 'Analyst', domain: 'initech.com' },
    ]);
    expect(await companiesNow()).toEqual([
      { domain: 'acme.io', size_bucket: '11 to 50', description: 'Rockets', industry: '' },
      { domain: 'globex.com', size_bucket: '51 to 200', description: '', industry: '' },
      { domain: 'initech.com', size_bucket: '', description: '', industry: 'Computer Software' },
    ]);
  });

  it('writes the same file a second time as updates that change nothing', async () => {
    await load(THREE_CHUNKS);
    const before = await contactsNow();
    const again = await load(THREE_CHUNKS);
    expect(again.failure).toBeNull();
    expect(again.outcome).toEqual({ inserted: 0, updated: 5 });
    expect(await contactsNow()).toEqual(before);
  });

  it(
    kind === 'bulk'
      ? 'keeps nothing of a load whose second chunk fails: all or nothing'
      : 'keeps the chunks committed before the one that fails',
    async () => {
      const { failure } = await load(FAILING_SECOND_CHUNK);
      expect((failure as { code?: string }).code).toBe('23514');
      const kept = (await contactsNow()).map((row: { first_name: string }) => row.first_name);
      expect(kept).toEqual(kind === 'bulk' ? [] : ['Ada', 'Bob']);
    },
  );
});
