import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { WebhookSecretBox } from './webhook-secret-box';

const KEY_BYTES = 32;

/**
 * The key in `file` (base64 of 32 bytes), made the first time. Written to a private temporary file and
 * linked into place, so processes starting together agree on one key and none reads a half-written file.
 */
export async function readOrCreateKeyFile(file: string): Promise<{ key: Buffer; created: boolean }> {
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, created: false };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
    return { key: (await readKeyFile(file))!, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: (await readKeyFile(file))!, created: false };
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a webhook secrets key (the base64 of ${KEY_BYTES} bytes).`);
  return key;
}

/**
 * The box that seals webhook secrets, under WEBHOOK_SECRETS_KEY or else the key file (made on first use,
 * so the quick start needs no setup; several hosts must share one key through the variable instead).
 */
@Injectable()
export class WebhookSecretsKey {
  private readonly logger = new Logger(WebhookSecretsKey.name);
  private opened: Promise<WebhookSecretBox> | null = null;

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  box(): Promise<WebhookSecretBox> {
    this.opened ??= this.open().catch((error: unknown) => {
      this.opened = null;
      throw error;
    });
    return this.opened;
  }

  /**
   * A key for `purpose` derived from the engine's secrets key (HMAC-SHA256 of the purpose), so other
   * server-side signatures (export download links) need no setting of their own and never reuse it as is.
   */
  async derivedKey(purpose: string): Promise<Buffer> {
    return createHmac('sha256', await this.rawKey())
      .update(purpose)
      .digest();
  }

  private async open(): Promise<WebhookSecretBox> {
    return new WebhookSecretBox(await this.rawKey());
  }

  private async rawKey(): Promise<Buffer> {
    if (this.config.WEBHOOK_SECRETS_KEY) return Buffer.from(this.config.WEBHOOK_SECRETS_KEY, 'base64');
    const file = path.resolve(this.config.WEBHOOK_SECRETS_KEY_FILE);
    const { key, created } = await readOrCreateKeyFile(file);
    this.logger.log(
      `${created ? 'created the webhook secrets key in' : 'webhook secrets key read from'} ${file}; ` +
        'engines on several hosts must share one key: set WEBHOOK_SECRETS_KEY',
    );
    return key;
  }
}
