import { randomBytes } from 'node:crypto';
import { useCrashHarness } from './support/crash-harness';
import { http } from './support/http';
import { seedLeads } from './support/seed-leads';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { verifiedEvent, WebhookReceiver } from './support/webhook-receiver';

describe('webhook deliveries: a worker killed mid-delivery', () => {
  let receiver: WebhookReceiver;
  const harness = useCrashHarness(
    'webhook_crash',
    async (_sites, _dns, common) => {
      receiver = common.stopAfterAll(await new WebhookReceiver().start());
      await seedLeads(common.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
    },
    {
      // API and workers must open each other's sealed secrets.
      WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_TIMEOUT_MS: '2000',
      // The receiver is on loopback; nothing else is.
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    },
  );

  it('is sent again by the next worker, with the same webhook-id and body, and recorded once as delivered', async () => {
    const { apiKey } = await harness.createAccount('Survivor');
    const call = (method: string, path: string, body?: unknown) => http(harness.api.url, method, path, { apiKey, body });
    // The first attempt reaches the receiver and is never answered: its worker is killed meanwhile.
    receiver.answer('/hook', (_delivery, nth) => (nth === 0 ? 'hang' : 200));
    const endpoint = (await call('POST', '/api/v1/webhooks', { url: receiver.url('/hook'), events: ['export.completed'] })).body;
    const exported = await call('POST', '/api/v1/leads/exports', { limit: 2 });
    expect(exported.status).toBe(202);

    const first = await harness.startWorker();
    const [hanging] = await receiver.waitFor('/hook', 1);
    await first.stop('SIGKILL');
    expect((await harness.db.query('SELECT status, attempts FROM webhook_deliveries')).rows).toEqual([{ status: 'pending', attempts: 1 }]);

    await harness.startWorker();
    const [, again] = await receiver.waitFor('/hook', 2, 60_000);
    expect(again.headers['webhook-id']).toBe(hanging.headers['webhook-id']);
    expect(again.body).toBe(hanging.body);
    const event = verifiedEvent(again, endpoint.secret);
    expect(event).toMatchObject({ type: 'export.completed', data: { id: exported.body.job_id, status: 'completed' } });

    const delivery = await harness.until('the delivery to be recorded', async () => {
      const { rows } = await harness.db.query('SELECT status, attempts, last_response_code FROM webhook_deliveries');
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(delivery).toEqual([{ status: 'delivered', attempts: 2, last_response_code: 200 }]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests('/hook')).toHaveLength(2);
  }, 120_000);
});
