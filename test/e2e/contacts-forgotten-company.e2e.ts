import { Pool, PoolClient } from 'pg';
import { ChunkPipeline } from '../../apps/engine/src/modules/contacts/chunk-pipeline';
import { CompanyDirectory } from '../../apps/engine/src/modules/contacts/company-directory';
import { ContactCsvBatcher } from '../../apps/engine/src/modules/contacts/contact-csv-batch';
import { chooseContactLoader } from '../../apps/engine/src/modules/contacts/contact-loader';
import { ContactsRepository } from '../../apps/engine/src/modules/contacts/contacts.repository';
import { useHarness } from './support/harness';

/** PostgreSQL's code for a connection ended by pg_terminate_backend or DROP DATABASE … WITH (FORCE). */
const ADMIN_SHUTDOWN = '57P01';
const HEADER = 'id,first_name,last_name,email,job_title,company_name,company_domain,country_code,industry';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = (n: number, domain: string) => `${id(n)},A,B,a${n}@${domain},CTO,Company ${domain},${domain},US,Software\n`;

describe('contacts import: a company the load wrote and then forgot', () => {
  const harness = useHarness({ label: 'forgotten_company', engine: 'none' });
  let pool: Pool;

  beforeAll(async () => {
    expect((await harness.operator(['accounts:create', '--name', 'migrate only', '--json'])).code).toBe(0);
    pool = new Pool({ connectionString: harness.environment.databaseUrl, max: 3 });
    harness.closeAfterAll(() => pool.end());
    // pool.end() resolves before its connections have closed, so the database drop after it may end one
    // still closing; only that is expected here.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== ADMIN_SHUTDOWN) throw error;
    });
  }, 60_000);

  it("gets the company's id from PostgreSQL when a later batch names it by domain alone", async () => {
    const batcher = new ContactCsvBatcher();
    const first = batcher.push(`${HEADER}\n${line(1, 'acme.io')}${line(2, 'beta.io')}`);
    const second = batcher.push(line(3, 'acme.io'));
    // The batcher told the load everything about acme.io already, so it sends the domain alone.
    expect(second.companies).toEqual(['acme.io']);

    const clients: PoolClient[] = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      // Only the client-taking methods are used, none that reach for the data source.
      const repository = new ContactsRepository(undefined as never);
      for (const client of clients) await repository.createStaging(client);
      // Remembers one company: after the first chunk's two, the directory starts over.
      const setup = {
        connections: { companies: clients[0], contacts: [clients[1], clients[2]] as const },
        repository,
        fields: batcher.fields!,
        directory: new CompanyDirectory(1),
      };
      const pipeline = new ChunkPipeline((oneChunk) => chooseContactLoader(setup, oneChunk));
      pipeline.addBatch(first);
      await pipeline.flush();
      pipeline.addBatch(second);
      await pipeline.flush();
      await pipeline.close();
      expect(pipeline.outcome).toEqual({ inserted: 3, updated: 0 });
    } finally {
      for (const client of clients) client.release();
    }

    const { rows } = await pool.query('SELECT c.id, co.domain FROM contacts c JOIN companies co ON co.id = c.company_id ORDER BY c.seq');
    expect(rows).toEqual([
      { id: id(1), domain: 'acme.io' },
      { id: id(2), domain: 'beta.io' },
      { id: id(3), domain: 'acme.io' },
    ]);
    expect((await pool.query('SELECT count(*)::int AS n FROM companies')).rows[0].n).toBe(2);
  });
});
