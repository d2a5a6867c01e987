import { randomUUID } from 'node:crypto';
import { useMediumEngine } from '../testing/medium/engine-context';
import { WebhookDeliveriesRepository } from '../src/modules/webhooks/deliveries/webhook-deliveries.repository';
import { WebhookEndpointsRepository } from '../src/modules/webhooks/webhook-endpoints.repository';

const DELIVERIES = 3_000;

/**
 * Deleting an endpoint deletes its deliveries with it, while a worker may be claiming and marking them
 * in batches (one statement each): both lock delivery rows, and a delete that met a batch locking them
 * in another order deadlocked, five times running under load (a 500 for DELETE /webhooks/{id}).
 */
describe('deleting a webhook endpoint while its deliveries are being sent, against PostgreSQL', () => {
  const engine = useMediumEngine('webhook_delete');

  async function endpointWithDeliveries(accountId: string): Promise<{ endpointId: string; deliveryIds: string[] }> {
    const endpointId = randomUUID();
    const deliveryIds = await engine().transaction(async (manager) => {
      await engine()
        .get(WebhookEndpointsRepository)
        .create(manager, {
          id: endpointId,
          accountId,
          url: 'https://hooks.example.com/in',
          events: ['export.completed'],
          description: null,
          creditsLowThreshold: null,
          secretSealed: Buffer.from('sealed'),
        });
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, event_type, body, next_attempt_at)
         SELECT gen_random_uuid(), $1, $2, 'export.completed', '{}', now() FROM generate_series(1, $3) RETURNING id`,
        [endpointId, accountId, DELIVERIES],
      );
      return rows.map((row) => row.id);
    });
    return { endpointId, deliveryIds };
  }

  it('deletes the endpoint and every delivery, and the worker finds the ones it had not claimed gone', async () => {
    const { accountId } = await engine().createAccount('Webhooks', 0);
    const { endpointId, deliveryIds } = await endpointWithDeliveries(accountId);
    const deliveries = engine().get(WebhookDeliveriesRepository);
    // In no order, as jobs come off the queue; many at once, so claims and marks go in large batches.
    const shuffled = [...deliveryIds].sort(() => Math.random() - 0.5);
    let sent = 0;
    const worker = Promise.all(
      shuffled.map(async (deliveryId) => {
        const claimed = await deliveries.claimAttempt(deliveryId, 1, 60_000);
        if (!claimed) return 'gone';
        sent++;
        await deliveries.markDelivered(deliveryId, 1, 200);
        return 'sent';
      }),
    );
    while (sent === 0) await new Promise((resolve) => setImmediate(resolve));

    const deleted = await engine().get(WebhookEndpointsRepository).delete(accountId, endpointId);
    const outcomes = await worker;

    expect(deleted).toBe(true);
    expect(outcomes).toHaveLength(DELIVERIES);
    expect(
      await engine().dataSource.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]),
    ).toEqual([{ n: 0 }]);
  });
});
