import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newWebhookSecret, WebhookSecretBox, WebhookSecretRefused } from './webhook-secret-box';
import { readOrCreateKeyFile } from './webhook-secrets-key';

const ENDPOINT = '6f1c1c4e-6a57-4c0e-9d4e-2b1b8f6f3a10';

describe('WebhookSecretBox', () => {
  const box = new WebhookSecretBox(randomBytes(32));

  it('makes Standard Webhooks secrets: whsec_ and the base64 of 24 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('opens what it sealed, and the sealed bytes do not hold the secret', () => {
    const secret = newWebhookSecret();
    const sealed = box.seal(secret, ENDPOINT);
    expect(box.open(sealed, ENDPOINT)).toBe(secret);
    expect(sealed.toString('latin1')).not.toContain(secret.slice('whsec_'.length, 20));
    expect(sealed.toString('base64')).not.toContain(secret.slice('whsec_'.length));
    // A fresh nonce each time: the same secret never seals to the same bytes.
    expect(box.seal(secret, ENDPOINT).equals(sealed)).toBe(false);
  });

  it('refuses a sealed secret that was tampered with, anywhere', () => {
    const sealed = box.seal(newWebhookSecret(), ENDPOINT);
    for (const position of [0, 1, 14, 20, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[position] ^= 0x01;
      expect(() => box.open(tampered, ENDPOINT)).toThrow(WebhookSecretRefused);
    }
    expect(() => box.open(sealed.subarray(0, sealed.length - 1), ENDPOINT)).toThrow(WebhookSecretRefused);
    expect(() => box.open(Buffer.alloc(0), ENDPOINT)).toThrow(WebhookSecretRefused);
  });

  it('refuses a secret sealed under another key', () => {
    const sealed = box.seal(newWebhookSecret(), ENDPOINT);
    expect(() => new WebhookSecretBox(randomBytes(32)).open(sealed, ENDPOINT)).toThrow(WebhookSecretRefused);
  });

  it("refuses a secret moved onto another endpoint's row", () => {
    const sealed = box.seal(newWebhookSecret(), ENDPOINT);
    expect(() => box.open(sealed, '0d5f1c2e-1111-4c0e-9d4e-2b1b8f6f3a10')).toThrow(WebhookSecretRefused);
  });

  it('takes only 32-byte keys', () => {
    expect(() => new WebhookSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('readOrCreateKeyFile', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'le-webhook-key-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('creates a private key file once and reads the same key afterwards', async () => {
    const file = path.join(directory, 'nested', 'webhook-secrets.key');
    const first = await readOrCreateKeyFile(file);
    expect(first.created).toBe(true);
    expect(first.key).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first.key)).toBe(true);
    const again = await readOrCreateKeyFile(file);
    expect(again.created).toBe(false);
    expect(again.key.equals(first.key)).toBe(true);
  });

  it('gives one key to callers racing to create it', async () => {
    const file = path.join(directory, 'webhook-secrets.key');
    const results = await Promise.all(Array.from({ length: 8 }, () => readOrCreateKeyFile(file)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    for (const result of results) expect(result.key.equals(results[0].key)).toBe(true);
  });
});
