import path from 'node:path';
import { Client } from 'pg';
import { errorBodySchema, webhookDeliveryListSchema } from '@lead-engine/contracts';
import { AI_COMPANIES, AI_CONTACTS, startAiWebsites } from './support/ai-fixture';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { http, HttpResult } from './support/http';
import { ScrapeClient } from './support/scrape-client';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';
import { verifiedEvent, WebhookReceiver } from './support/webhook-receiver';

const HOUR_S = 3600;
/** Retries after 0.3 s, 0.6 s, then every second; a delivery is retried for 7.2 s; an endpoint failing for 10.8 s is disabled. */
const RETRY_WINDOW_S = 7.2;
const DISABLE_AFTER_S = 10.8;

describe('webhook deliveries: signed events from the outbox to real loopback receivers', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  let receiver: WebhookReceiver;
  const harness = useHarness({
    label: 'webhook_deliveries',
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      receiver = harness.stopAfterAll(await new WebhookReceiver().start());
      await seedLeads(harness.environment, AI_COMPANIES, AI_CONTACTS);
    },
    env: () => ({
      ...websites.env,
      // Loopback is allowed only for the one address the receivers and the fixture's sites use.
      SCRAPE_ALLOW_PRIVATE_NETWORKS: 'false',
      SCRAPE_ALLOWED_NETWORKS: '127.0.0.1/32',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      WEBHOOK_SECRETS_KEY_FILE: path.join(harness.environment.snapshotDir, 'webhook-secrets.key'),
      WEBHOOK_RETRY_DELAYS: '0.3,0.6,1',
      WEBHOOK_RETRY_WINDOW_HOURS: String(RETRY_WINDOW_S / HOUR_S),
      WEBHOOK_DISABLE_AFTER_HOURS: String(DISABLE_AFTER_S / HOUR_S),
      WEBHOOK_TIMEOUT_MS: '1500',
    }),
  });
  let db: Client;

  const call = (apiKey: string, method: string, urlPath: string, body?: unknown) => http(harness.url, method, urlPath, { apiKey, body });
  const subscribe = async (apiKey: string, receiverPath: string, events: string[], url = receiver.url(receiverPath)) => {
    const created = await call(apiKey, 'POST', '/api/v1/webhooks', { url, events });
    expect(created.status).toBe(201);
    return created.body as { id: string; secret: string };
  };
  const deliveries = async (apiKey: string, endpointId: string, query = '') => {
    const listed = await call(apiKey, 'GET', `/api/v1/webhooks/${endpointId}/deliveries${query}`);
    expect(listed.status).toBe(200);
    return webhookDeliveryListSchema.parse(listed.body);
  };
  const exportNow = async (apiKey: string) => {
    const started = await call(apiKey, 'POST', '/api/v1/leads/exports', { limit: 1 });
    expect(started.status).toBe(202);
    return started.body.job_id as string;
  };
  const exportStatus = async (apiKey: string, id: string) =>
    until(`export ${id} to settle`, async () => {
      const status = await call(apiKey, 'GET', `/api/v1/leads/exports/${id}`);
      return status.body.status === 'completed' || status.body.status === 'failed' ? status.body : undefined;
    });
  const verified = verifiedEvent;
  const expectError = (response: HttpResult, status: number, code: string) => {
    expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
    expect(errorBodySchema.safeParse(response.body).success).toBe(true);
  };

  beforeAll(async () => {
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
  });

  it("posts export.completed, signed, with the export's status object, and lists the delivery", async () => {
    const { apiKey } = await harness.createAccount('Exporter');
    const endpoint = await subscribe(apiKey, '/exports', ['export.completed']);
    const exportId = await exportNow(apiKey);
    const status = await exportStatus(apiKey, exportId);
    const [delivery] = await receiver.waitFor('/exports', 1);

    expect(delivery.headers['content-type']).toBe('application/json');
    const event = verified(delivery, endpoint.secret);
    expect(event).toEqual({ type: 'export.completed', timestamp: status.completedAt, data: status });
    expect(() => verified(delivery, `whsec_${Buffer.alloc(24, 7).toString('base64')}`)).toThrow();

    await until('the delivery to be recorded as delivered', async () => {
      const [listed] = (await deliveries(apiKey, endpoint.id)).deliveries;
      return listed?.status === 'delivered' ? listed : undefined;
    });
    const listed = await deliveries(apiKey, endpoint.id);
    expect(listed).toEqual({
      deliveries: [
        {
          id: delivery.headers['webhook-id'],
          event: 'export.completed',
          status: 'delivered',
          attempts: 1,
          lastResponseCode: 200,
          lastError: null,
          lastAttemptAt: expect.any(String),
          nextAttemptAt: null,
          deliveredAt: expect.any(String),
          createdAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
  });

  it('posts scrape.completed and enrichment.completed with their jobs’ status objects', async () => {
    const { apiKey } = await harness.createAccount('Researcher');
    const endpoint = await subscribe(apiKey, '/research', ['scrape.completed', 'enrichment.completed']);
    const scrape = new ScrapeClient(harness.url, apiKey);
    const scrapeJob = await scrape.start(['clinicsoft.ai.test']);
    expect(scrapeJob.status).toBe(202);
    const scraped = await scrape.finished(scrapeJob.body.id);
    expect(scraped.status).toBe('completed');

    const ai = new EnrichmentClient(harness.url, apiKey);
    const upload = await ai.upload(
      'First Name,Last Name,Email,Company Website,Job Title\nAda,Lovelace,ada@clinicsoft.ai.test,https://www.clinicsoft.ai.test/,VP of Engineering',
      { fields: 'opener', target_icp: 'VPs of Engineering at software companies' },
    );
    expect(upload.status).toBe(202);
    const enriched = await ai.finished(upload.body.id);
    expect(enriched.status).toBe('completed');

    const events = (await receiver.waitFor('/research', 2)).map((delivery) => verified(delivery, endpoint.secret));
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
    expect(Object.keys(byType).sort()).toEqual(['enrichment.completed', 'scrape.completed']);
    expect(byType['scrape.completed']).toEqual((await scrape.status(scrapeJob.body.id)).body);
    expect(byType['enrichment.completed']).toMatchObject({
      id: upload.body.id,
      status: 'completed',
      credits_refunded: enriched.credits_refunded,
    });
  });

  it('posts credits.low once when a debit takes the balance below the threshold, with the balance', async () => {
    const { apiKey } = await harness.createAccount('Spender');
    const before = (await call(apiKey, 'GET', '/api/v1/credits')).body;
    const created = await call(apiKey, 'POST', '/api/v1/webhooks', {
      url: receiver.url('/low'),
      events: ['credits.low'],
      creditsLowThreshold: before.balance,
    });
    const endpoint = created.body as { id: string; secret: string };
    await exportStatus(apiKey, await exportNow(apiKey));
    await exportStatus(apiKey, await exportNow(apiKey));
    const [delivery] = await receiver.waitFor('/low', 1);
    const event = verified(delivery, endpoint.secret);
    expect(event.type).toBe('credits.low');
    expect(event.data).toEqual({ balance: before.balance - 1, total_earned: before.total_earned, total_spent: before.total_spent + 1 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests('/low')).toHaveLength(1);
    expect((await call(apiKey, 'GET', '/api/v1/credits')).body.balance).toBe(before.balance - 2);
  });

  it('posts export.failed and enrichment.failed, and nothing for the attempts that rolled back', async () => {
    const { apiKey } = await harness.createAccount('Unlucky');
    const endpoint = await subscribe(apiKey, '/failures', [
      'export.completed',
      'export.failed',
      'enrichment.completed',
      'enrichment.failed',
    ]);
    await db.query(`CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$`);
    await db.query('CREATE TRIGGER refuse_parts BEFORE INSERT ON export_file_parts FOR EACH ROW EXECUTE FUNCTION refuse_writes()');
    await db.query('CREATE TRIGGER refuse_rows BEFORE UPDATE ON enrichment_rows FOR EACH ROW EXECUTE FUNCTION refuse_writes()');
    try {
      const exportId = await exportNow(apiKey);
      expect(await exportStatus(apiKey, exportId)).toMatchObject({ status: 'failed' });
      const ai = new EnrichmentClient(harness.url, apiKey);
      const upload = await ai.upload('First Name,Email,Job Title\nAda,ada@clinicsoft.ai.test,CTO', {
        fields: 'opener',
        target_icp: 'CTOs',
      });
      expect(upload.status).toBe(202);
      expect(await ai.finished(upload.body.id)).toMatchObject({ status: 'failed' });

      const events = (await receiver.waitFor('/failures', 2)).map((delivery) => verified(delivery, endpoint.secret));
      expect(events.map((event) => [event.type, event.data.id ?? event.data.job_id]).sort()).toEqual(
        [
          ['enrichment.failed', upload.body.id],
          ['export.failed', exportId],
        ].sort(),
      );
      const rows = await db.query('SELECT event_type FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY event_type', [endpoint.id]);
      expect(rows.rows.map((row) => row.event_type)).toEqual(['enrichment.failed', 'export.failed']);
    } finally {
      await db.query('DROP TRIGGER IF EXISTS refuse_parts ON export_file_parts');
      await db.query('DROP TRIGGER IF EXISTS refuse_rows ON enrichment_rows');
      await db.query('DROP FUNCTION IF EXISTS refuse_writes()');
    }
  });

  it('retries a receiver that redirects, then stops answering, until it answers 2xx, every attempt with the same webhook-id', async () => {
    const { apiKey } = await harness.createAccount('Patient');
    receiver.answer('/flaky', (_delivery, nth) => (nth === 0 ? 302 : nth === 1 ? 'hang' : 204));
    const endpoint = await subscribe(apiKey, '/flaky', ['export.completed']);
    await exportStatus(apiKey, await exportNow(apiKey));
    const attempts = await receiver.waitFor('/flaky', 3);
    const ids = new Set(attempts.map((attempt) => attempt.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const attempt of attempts) expect(verified(attempt, endpoint.secret).type).toBe('export.completed');
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);

    const listed = await until('the third attempt to be recorded', async () => {
      const [delivery] = (await deliveries(apiKey, endpoint.id)).deliveries;
      return delivery.status === 'delivered' ? delivery : undefined;
    });
    expect(listed).toMatchObject({ id: [...ids][0], status: 'delivered', attempts: 3, lastResponseCode: 204, lastError: null });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.requests('/flaky')).toHaveLength(3);
  });

  it('delivers every event to a receiver that was down while they happened, once it is back, each webhook-id answered 2xx once', async () => {
    const { apiKey } = await harness.createAccount('Offline');
    let down = true;
    const answeredOk = new Map<string, number>();
    receiver.answer('/offline', (delivery) => {
      if (down) return 503;
      const id = String(delivery.headers['webhook-id']);
      answeredOk.set(id, (answeredOk.get(id) ?? 0) + 1);
      return 200;
    });
    const endpoint = await subscribe(apiKey, '/offline', ['export.completed']);
    const exportIds: string[] = [];
    for (let count = 0; count < 3; count++) exportIds.push(await exportNow(apiKey));
    for (const id of exportIds) await exportStatus(apiKey, id);
    await receiver.waitFor('/offline', 6);
    down = false;

    const answered = await until('every event to be answered 200', async () => {
      const delivered = (await deliveries(apiKey, endpoint.id)).deliveries;
      return delivered.length === 3 && delivered.every((delivery) => delivery.status === 'delivered') ? delivered : undefined;
    });
    const requests = receiver.requests('/offline');
    const ids = new Set(requests.map((request) => request.headers['webhook-id']));
    expect([...ids].sort()).toEqual(answered.map((delivery) => delivery.id).sort());
    const events = [...ids].map((id) =>
      verified(
        requests.find((request) => request.headers['webhook-id'] === id)!,
        endpoint.secret,
      ),
    );
    expect(events.map((event) => event.data.id).sort()).toEqual([...exportIds].sort());
    for (const delivery of answered) expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...answeredOk.values()]).toEqual([1, 1, 1]);
  });

  it('fails a delivery once its retry window is over, then disables an endpoint that has failed everything for too long', async () => {
    const { apiKey } = await harness.createAccount('Broken');
    receiver.answer('/broken', () => 500);
    const endpoint = await subscribe(apiKey, '/broken', ['export.completed']);
    await exportStatus(apiKey, await exportNow(apiKey));
    const first = await until(
      'the first delivery to fail for good',
      async () => {
        const [delivery] = (await deliveries(apiKey, endpoint.id)).deliveries;
        return delivery?.status === 'failed' ? delivery : undefined;
      },
      () => '',
      RETRY_WINDOW_S * 1000 + 20_000,
    );
    expect(first).toMatchObject({ status: 'failed', lastResponseCode: 500, nextAttemptAt: null });
    expect(first.attempts).toBeGreaterThanOrEqual(4);
    expect(receiver.requests('/broken')).toHaveLength(first.attempts);
    expect((await call(apiKey, 'GET', `/api/v1/webhooks/${endpoint.id}`)).body).toMatchObject({ enabled: true, disabledReason: null });

    // Still failing past DISABLE_AFTER_S since its first failure, the next failure disables it.
    const failingSince = (await db.query('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [endpoint.id])).rows[0].failing_since;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, failingSince.getTime() + DISABLE_AFTER_S * 1000 - Date.now())));
    await exportStatus(apiKey, await exportNow(apiKey));
    const disabled = await until('the endpoint to be disabled', async () => {
      const current = (await call(apiKey, 'GET', `/api/v1/webhooks/${endpoint.id}`)).body;
      return current.enabled === false ? current : undefined;
    });
    expect(disabled.disabledReason).toMatch(/^Every delivery failed since /);
    const sent = receiver.requests('/broken').length;
    await exportStatus(apiKey, await exportNow(apiKey));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests('/broken')).toHaveLength(sent);
    expect((await deliveries(apiKey, endpoint.id)).deliveries).toHaveLength(2);
    // The delivery whose failure disabled the endpoint is not tried again: its next attempt finds it disabled.
    const last = await until('the last delivery to be given up', async () => {
      const [newest] = (await deliveries(apiKey, endpoint.id)).deliveries;
      return newest.status === 'failed' ? newest : undefined;
    });
    expect(last).toMatchObject({ lastError: 'endpoint disabled', nextAttemptAt: null });
    expect(receiver.requests('/broken')).toHaveLength(sent);

    const enabled = await call(apiKey, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await db.query('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [endpoint.id])).rows[0].failing_since).toBeNull();
  }, 60_000);

  it('refuses private and metadata addresses at delivery too, without sending', async () => {
    const { apiKey } = await harness.createAccount('Sneaky');
    // Creation refuses these URLs; an endpoint stored before that check, or whose name now answers
    // with such an address, is still refused when it is delivered to.
    const refusedUrls = [
      'http://169.254.169.254/latest/meta-data',
      'http://10.20.30.40:8080/hook',
      'http://[::7f00:1]:9/hook',
      'http://127.0.0.2:9/hook',
    ];
    const endpoints = [];
    for (const url of refusedUrls) {
      expectError(await call(apiKey, 'POST', '/api/v1/webhooks', { url, events: ['export.completed'] }), 400, 'VALIDATION_ERROR');
      const endpoint = await subscribe(apiKey, '/never', ['export.completed']);
      await db.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [endpoint.id, url]);
      endpoints.push(endpoint);
    }
    await exportStatus(apiKey, await exportNow(apiKey));
    for (const endpoint of endpoints) {
      const delivery = await until('the attempt to be refused', async () => {
        const [listed] = (await deliveries(apiKey, endpoint.id)).deliveries;
        return listed && listed.attempts > 0 && listed.lastError ? listed : undefined;
      });
      expect(delivery).toMatchObject({ lastResponseCode: null, lastError: expect.stringMatching(/^refused: .* not a public address$/) });
    }
    expect(receiver.requests('/never')).toHaveLength(0);
  });

  it('signs with the replaced secret too after a rotation, so receivers can switch without losing events', async () => {
    const { apiKey } = await harness.createAccount('Rotator');
    const endpoint = await subscribe(apiKey, '/rotated', ['export.completed']);
    const rotated = await call(apiKey, 'POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    await exportStatus(apiKey, await exportNow(apiKey));
    const [delivery] = await receiver.waitFor('/rotated', 1);
    expect(verified(delivery, rotated.body.secret).type).toBe('export.completed');
    expect(verified(delivery, endpoint.secret).type).toBe('export.completed');
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it('redelivers a delivery with the same webhook-id, and pages deliveries newest first', async () => {
    const { apiKey } = await harness.createAccount('Replayer');
    const endpoint = await subscribe(apiKey, '/replay', ['export.completed']);
    for (let count = 1; count <= 3; count++) {
      await exportStatus(apiKey, await exportNow(apiKey));
      await receiver.waitFor('/replay', count);
    }
    const ids = receiver.requests('/replay').map((request) => String(request.headers['webhook-id']));
    const first = await deliveries(apiKey, endpoint.id, '?limit=2');
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBe(ids[1]);
    const second = await deliveries(apiKey, endpoint.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ deliveries: [{ id: ids[0] }], nextCursor: null });

    await until('the oldest delivery to be recorded', async () =>
      (await deliveries(apiKey, endpoint.id)).deliveries[2].status === 'delivered' ? true : undefined,
    );
    const redelivered = await call(apiKey, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${ids[0]}/redeliver`);
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ id: ids[0], status: 'pending', attempts: 1, nextAttemptAt: expect.any(String) });
    const again = (await receiver.waitFor('/replay', 4))[3];
    expect(again.headers['webhook-id']).toBe(ids[0]);
    expect(again.body).toBe(receiver.requests('/replay')[0].body);
    await until('the redelivery to be recorded', async () => {
      const delivery = (await deliveries(apiKey, endpoint.id)).deliveries[2];
      return delivery.status === 'delivered' && delivery.attempts === 2 ? true : undefined;
    });
  });

  it('sends nothing to a disabled endpoint or for events it did not choose', async () => {
    const { apiKey } = await harness.createAccount('Quiet');
    const paused = await subscribe(apiKey, '/paused', ['export.completed']);
    await subscribe(apiKey, '/scrapes-only', ['scrape.completed']);
    expect((await call(apiKey, 'PATCH', `/api/v1/webhooks/${paused.id}`, { enabled: false })).status).toBe(200);
    await exportStatus(apiKey, await exportNow(apiKey));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests('/paused')).toHaveLength(0);
    expect(receiver.requests('/scrapes-only')).toHaveLength(0);
    expect((await deliveries(apiKey, paused.id)).deliveries).toHaveLength(0);
  });

  it("answers another account's endpoints and deliveries as unknown, and refuses malformed ids and queries", async () => {
    const owner = await harness.createAccount('Owner');
    const stranger = await harness.createAccount('Stranger');
    const endpoint = await subscribe(owner.apiKey, '/owned', ['export.completed']);
    await exportStatus(owner.apiKey, await exportNow(owner.apiKey));
    const [delivery] = await receiver.waitFor('/owned', 1);
    const deliveryId = String(delivery.headers['webhook-id']);

    expectError(await call(stranger.apiKey, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`), 404, 'NOT_FOUND');
    expectError(
      await call(stranger.apiKey, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${deliveryId}/redeliver`),
      404,
      'NOT_FOUND',
    );
    const strangers = await subscribe(stranger.apiKey, '/strangers', ['export.completed']);
    expectError(
      await call(stranger.apiKey, 'POST', `/api/v1/webhooks/${strangers.id}/deliveries/${deliveryId}/redeliver`),
      404,
      'NOT_FOUND',
    );
    expectError(await call(owner.apiKey, 'GET', '/api/v1/webhooks/nope/deliveries'), 400, 'BAD_ID');
    expectError(await call(owner.apiKey, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/nope/redeliver`), 400, 'BAD_ID');
    for (const query of ['?limit=0', '?limit=101', '?limit=two', '?cursor=nope', '?offset=3']) {
      expectError(await call(owner.apiKey, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries${query}`), 400, 'VALIDATION_ERROR');
    }
    expect(receiver.requests('/owned')).toHaveLength(1);
  });
});
