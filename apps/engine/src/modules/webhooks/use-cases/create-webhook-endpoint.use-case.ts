import { Injectable } from '@nestjs/common';
import { DEFAULT_CREDITS_LOW_THRESHOLD, MAX_WEBHOOK_ENDPOINTS, WebhookCreateRequest, WebhookEndpointCreated } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { newWebhookSecret } from '../webhook-secret-box';
import { WebhookSecretsKey } from '../webhook-secrets-key';
import { toWebhookEndpoint } from '../webhook-endpoint-view';
import { WebhookEndpointsRepository } from '../webhook-endpoints.repository';
import { WebhookUrlGuard } from '../webhook-url-guard';

export interface CreateWebhookEndpointCommand {
  accountId: string;
  request: WebhookCreateRequest;
}

/** Records an endpoint whose URL delivery may reach, with a new signing secret, sealed at rest; the secret is answered this once. */
@Injectable()
export class CreateWebhookEndpointUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly secretsKey: WebhookSecretsKey,
    private readonly urlGuard: WebhookUrlGuard,
  ) {}

  async execute({ accountId, request }: CreateWebhookEndpointCommand): Promise<WebhookEndpointCreated> {
    await this.urlGuard.check(request.url);
    const box = await this.secretsKey.box();
    const id = randomUUID();
    const secret = newWebhookSecret();
    const created = await this.dataSource.transaction(async (manager) => {
      await this.endpoints.lockAccountEndpoints(manager, accountId);
      if ((await this.endpoints.countForAccount(manager, accountId)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new DomainError(
          'WEBHOOK_LIMIT_REACHED',
          `An account has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one to add another.`,
        );
      }
      return this.endpoints.create(manager, {
        id,
        accountId,
        url: request.url,
        events: request.events,
        description: request.description ?? null,
        creditsLowThreshold: request.events.includes('credits.low') ? (request.creditsLowThreshold ?? DEFAULT_CREDITS_LOW_THRESHOLD) : null,
        secretSealed: box.seal(secret, id),
      });
    });
    return { ...toWebhookEndpoint(created), secret };
  }
}
