import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newWebhookSecret } from './webhook-secret-box';
import { signWebhook } from './webhook-signature';

describe('signWebhook', () => {
  const body = JSON.stringify({ type: 'export.completed', timestamp: '2026-11-25T20:00:00.000Z', data: { id: 'e1', status: 'completed' } });

  it('signs so that a Standard Webhooks receiver holding the secret verifies the body', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook('msg_1', new Date(), body, [secret]);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('carries one signature per secret, so the secret a rotation replaced still verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signWebhook('msg_2', new Date(), body, [current, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('is refused for another secret, another body, another id or a stale timestamp', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook('msg_3', new Date(), body, [secret]);
    const refused = (check: () => unknown) => expect(check).toThrow(WebhookVerificationError);
    refused(() => new Webhook(newWebhookSecret()).verify(body, { ...headers }));
    refused(() => new Webhook(secret).verify(body.replace('e1', 'e2'), { ...headers }));
    refused(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_4' }));
    const old = signWebhook('msg_3', new Date(Date.now() - 60 * 60 * 1000), body, [secret]);
    refused(() => new Webhook(secret).verify(body, { ...old }));
  });

  it('needs a secret', () => {
    expect(() => signWebhook('msg_5', new Date(), body, [])).toThrow();
  });
});
