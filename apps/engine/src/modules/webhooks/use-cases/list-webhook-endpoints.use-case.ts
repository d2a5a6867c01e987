import { Injectable } from '@nestjs/common';
import type { WebhookEndpointList } from '@lead-engine/contracts';
import { toWebhookEndpoint } from '../webhook-endpoint-view';
import { WebhookEndpointsRepository } from '../webhook-endpoints.repository';

@Injectable()
export class ListWebhookEndpointsUseCase {
  constructor(private readonly endpoints: WebhookEndpointsRepository) {}

  async execute(accountId: string): Promise<WebhookEndpointList> {
    return { webhooks: (await this.endpoints.listForAccount(accountId)).map(toWebhookEndpoint) };
  }
}
