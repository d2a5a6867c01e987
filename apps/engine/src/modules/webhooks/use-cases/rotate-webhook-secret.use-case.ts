import { Injectable } from '@nestjs/common';
import { PREVIOUS_WEBHOOK_SECRET_TTL_HOURS, WebhookSecretRotated } from '@lead-engine/contracts';
import { newWebhookSecret } from '../webhook-secret-box';
import { WebhookSecretsKey } from '../webhook-secrets-key';
import { requireWebhookId, webhookNotFound } from '../webhook-endpoint.errors';
import { toWebhookEndpoint } from '../webhook-endpoint-view';
import { WebhookEndpointsRepository } from '../webhook-endpoints.repository';

/** A new signing secret, answered this once; the replaced one keeps signing for 24 hours so receivers can switch. */
@Injectable()
export class RotateWebhookSecretUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly secretsKey: WebhookSecretsKey,
  ) {}

  async execute(accountId: string, requestedId: string): Promise<WebhookSecretRotated> {
    // The id is bound into the sealed secret, so it must be the row's own spelling.
    const id = requireWebhookId(requestedId);
    const box = await this.secretsKey.box();
    const secret = newWebhookSecret();
    const record = await this.endpoints.replaceSecret(accountId, id, box.seal(secret, id), PREVIOUS_WEBHOOK_SECRET_TTL_HOURS);
    if (!record) throw webhookNotFound(requestedId);
    return { ...toWebhookEndpoint(record), secret, previousSecretExpiresAt: record.previousSecretExpiresAt!.toISOString() };
  }
}
