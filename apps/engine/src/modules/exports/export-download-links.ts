import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EngineConfig } from '../../config/engine-config.schema';
import { CLOCK, Clock } from '../../infrastructure/clock/clock';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { WebhookSecretsKey } from '../webhooks/webhook-secrets-key';

export const EXPORT_DOWNLOAD_PATH = '/downloads/exports';

/**
 * Short-lived links to an export's CSV that need no API key: the path carries the export id and an
 * expiry (ms since the epoch), signed with HMAC-SHA256 under a key derived from the engine's secrets key.
 */
@Injectable()
export class ExportDownloadLinks {
  private signingKey: Promise<Buffer> | null = null;

  constructor(
    private readonly secrets: WebhookSecretsKey,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  /** The link's path and query (to put after the engine's origin) and when it stops working. */
  async sign(exportId: string): Promise<{ path: string; expiresAt: Date }> {
    const expiresAt = new Date(this.clock.now().getTime() + this.config.EXPORT_LINK_TTL_MS);
    const signature = await this.signature(exportId, expiresAt.getTime());
    return { path: `${EXPORT_DOWNLOAD_PATH}/${exportId}?expires=${expiresAt.getTime()}&signature=${signature}`, expiresAt };
  }

  /** 'ok', or why the link does not work. */
  async check(exportId: string, expires: string | undefined, signature: string | undefined): Promise<'ok' | 'expired' | 'invalid'> {
    if (!expires || !/^\d{1,15}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(await this.signature(exportId, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Number(expires) <= this.clock.now().getTime() ? 'expired' : 'ok';
  }

  private async signature(exportId: string, expires: number): Promise<string> {
    this.signingKey ??= this.secrets.derivedKey('lead-engine export download links v1');
    return createHmac('sha256', await this.signingKey)
      .update(`${exportId.toLowerCase()}.${expires}`)
      .digest('hex');
  }
}
