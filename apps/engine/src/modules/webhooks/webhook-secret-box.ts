import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// First byte of every sealed secret, so that a later key or cipher can be told apart from this one.
const FORMAT_V1 = 1;

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export class WebhookSecretRefused extends Error {
  constructor() {
    super('The webhook secret cannot be opened: it was sealed under another key or has been altered.');
    this.name = 'WebhookSecretRefused';
  }
}

/**
 * Seals webhook signing secrets for storage with AES-256-GCM. The engine signs deliveries with them, so
 * they must come back: encrypted, not hashed. `context` (the endpoint id) is bound as associated data,
 * so a sealed secret copied onto another endpoint's row does not open there.
 */
export class WebhookSecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`A webhook secrets key is ${KEY_BYTES} bytes; this one has ${key.length}.`);
  }

  seal(secret: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT_V1), iv, cipher.getAuthTag(), ciphertext]);
  }

  open(sealed: Buffer, context: string): string {
    if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT_V1) throw new WebhookSecretRefused();
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new WebhookSecretRefused();
    }
  }
}
