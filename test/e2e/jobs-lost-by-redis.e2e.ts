import Bull from 'bull';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { useHarness } from './support/harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

/** Why Bull fails a job whose hash names no job type (it reads the name as `__default__`): the husk below ends this way. */
const NO_HANDLER = 'Missing process handler for job type __default__';

/**
 * PostgreSQL is the truth of a durable job; Bull only carries it. When Bull still holds the job's id but
 * can no longer run it, queueing the job again must not be a no-op, or the job waits for ever.
 */
describe('jobs: an unfinished job whose Bull entry can no longer run is queued again', () => {
  const harness = useHarness({
    label: 'jobs_lost_by_redis',
    env: { ENGINE_ROLE: 'api' },
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let exportsQueue: Bull.Queue;

  beforeAll(() => {
    exportsQueue = new Bull(QUEUE_NAMES.exports, {
      redis: harness.environment.redisUrl,
      prefix: `${harness.environment.redisKeyPrefix}:bull`,
    });
    harness.closeAfterAll(() => exportsQueue.close());
  });

  /** An export queued by the API engine (no worker runs yet): its id, its account's key and balance. */
  async function queuedExport(limit: number) {
    const { apiKey, balance } = await harness.createAccount('Exporter', 100);
    const started = await harness.api(apiKey)('startExport', { body: { limit } });
    const job = await until('Bull to hold the export', async () => (await exportsQueue.getJob(started.job_id)) ?? undefined);
    return { id: started.job_id, apiKey, balance, job };
  }

  /** What a worker does first: the next waiting job, or the one given, moved to active and locked (Bull's own script). */
  const takeOffTheQueue = (id?: string): Promise<Bull.Job> =>
    (exportsQueue as unknown as { moveToActive(id?: string): Promise<Bull.Job> }).moveToActive(id);

  const exportRow = async (id: string) =>
    (
      await harness.query<{ status: string; delivered_rows: number | null }>('SELECT status, delivered_rows FROM exports WHERE id = $1', [
        id,
      ])
    )[0];

  async function runWorkerUntilSettled(id: string) {
    const worker = await harness.startEngine({ ENGINE_ROLE: 'worker' });
    try {
      return await until(
        `export ${id} to be settled by the worker that started after`,
        async () => {
          const row = await exportRow(id);
          return ['completed', 'failed'].includes(row.status) ? row : undefined;
        },
        () => '',
        120_000,
      );
    } finally {
      await worker.close();
    }
  }

  it('runs an export whose entry Redis lost and a late command rewrote as a husk without its data', async () => {
    const { id, apiKey, balance, job } = await queuedExport(2);
    // Redis restarted empty between Bull taking the id off the wait list and its next command: that command,
    // sent again once Redis was back, wrote the job's hash with nothing in it but processedOn; Bull, finding
    // no job type there, could not fail it either. The id is now held in Redis by an entry that never runs.
    await job.remove();
    const husk = await takeOffTheQueue(id);
    expect([husk.name, husk.data]).toEqual(['__default__', {}]);
    await expect(husk.moveToFailed({ message: NO_HANDLER })).rejects.toThrow(`Job ${id} is not in the active state`);
    expect(await (await exportsQueue.getJob(id))!.getState()).toBe('stuck');

    expect(await runWorkerUntilSettled(id)).toEqual({ status: 'completed', delivered_rows: 2 });
    expect((await harness.api(apiKey)('getCredits')).balance).toBe(balance - 2);
  }, 180_000);

  it('runs an export Bull failed while PostgreSQL never heard of it (its settling was lost)', async () => {
    const { id, apiKey, balance } = await queuedExport(1);
    // Taken by a worker whose last attempt failed, and the settling of that failure never reached PostgreSQL.
    const taken = await takeOffTheQueue();
    expect(taken.id).toBe(id);
    taken.discard();
    await taken.moveToFailed({ message: 'the last attempt failed while PostgreSQL was away' });
    expect(await taken.getState()).toBe('failed');
    expect((await exportRow(id)).status).toBe('queued');

    expect(await runWorkerUntilSettled(id)).toEqual({ status: 'completed', delivered_rows: 1 });
    expect((await harness.api(apiKey)('getCredits')).balance).toBe(balance - 1);
  }, 180_000);

  it('leaves a job that is still waiting in Bull as it is: queued again, it runs once', async () => {
    const { id, apiKey, balance, job } = await queuedExport(3);
    const queuedAt = job.timestamp;
    expect(await runWorkerUntilSettled(id)).toEqual({ status: 'completed', delivered_rows: 3 });
    expect((await exportsQueue.getJob(id))!.timestamp).toBe(queuedAt);
    expect((await harness.api(apiKey)('getCredits')).balance).toBe(balance - 3);
  }, 180_000);
});
