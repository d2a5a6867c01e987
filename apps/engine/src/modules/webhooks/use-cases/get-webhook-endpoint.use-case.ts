import { Injectable } from '@nestjs/common';
import type { WebhookEndpoint } from '@lead-engine/contracts';
import { requireWebhookId, webhookNotFound } from '../webhook-endpoint.errors';
import { toWebhookEndpoint } from '../webhook-endpoint-view';
import { WebhookEndpointsRepository } from '../webhook-endpoints.repository';

@Injectable()
export class GetWebhookEndpointUseCase {
  constructor(private readonly endpoints: WebhookEndpointsRepository) {}

  async execute(accountId: string, id: string): Promise<WebhookEndpoint> {
    const record = await this.endpoints.findForAccount(accountId, requireWebhookId(id));
    if (!record) throw webhookNotFound(id);
    return toWebhookEndpoint(record);
  }
}
