import { Client } from 'pg';
import { specDatabase } from '../../../testing/database/spec-database';
import { ensureDatabaseExists } from './ensure-database-exists';
import { retryOnDeadlock } from './retry-on-deadlock';

describe('retryOnDeadlock, against PostgreSQL', () => {
  const database = specDatabase('deadlock');
  const clients: Client[] = [];
  const connect = async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    await ensureDatabaseExists(database.url);
    const setup = await connect();
    await setup.query('CREATE TABLE rows (id int PRIMARY KEY, value int NOT NULL)');
    await setup.query('INSERT INTO rows VALUES (1, 0), (2, 0)');
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database.drop();
  });

  /** Two transactions that lock rows 1 and 2 in opposite orders: PostgreSQL aborts one of them. */
  it('runs again the work PostgreSQL aborted to break a deadlock, once the other went through', async () => {
    const [first, second] = [await connect(), await connect()];
    let attempts = 0;
    const crossing = (client: Client, from: number, to: number, bothHoldOne: Promise<void>, holdsOne: () => void) => async () => {
      attempts++;
      await client.query('BEGIN');
      try {
        await client.query('UPDATE rows SET value = value + 1 WHERE id = $1', [from]);
        holdsOne();
        await bothHoldOne;
        await client.query('UPDATE rows SET value = value + 1 WHERE id = $1', [to]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    };
    let firstHolds!: () => void;
    let secondHolds!: () => void;
    const both = Promise.all([
      new Promise<void>((resolve) => (firstHolds = resolve)),
      new Promise<void>((resolve) => (secondHolds = resolve)),
    ]).then(() => undefined);
    const outcomes = await Promise.allSettled([
      retryOnDeadlock(crossing(first, 1, 2, both, firstHolds)),
      retryOnDeadlock(crossing(second, 2, 1, both, secondHolds)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    // At least one aborted attempt ran again; its retry may meet the other again before that one commits.
    expect(attempts).toBeGreaterThanOrEqual(3);
    const rows = await (await connect()).query('SELECT id, value FROM rows ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 1, value: 2 },
      { id: 2, value: 2 },
    ]);
  });

  it('leaves any other failure to the caller at once', async () => {
    const client = await connect();
    let attempts = 0;
    await expect(
      retryOnDeadlock(async () => {
        attempts++;
        await client.query('INSERT INTO rows VALUES (1, 0)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});
