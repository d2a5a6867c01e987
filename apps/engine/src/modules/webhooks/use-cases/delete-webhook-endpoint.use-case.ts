import { Injectable } from '@nestjs/common';
import { requireWebhookId, webhookNotFound } from '../webhook-endpoint.errors';
import { WebhookEndpointsRepository } from '../webhook-endpoints.repository';

@Injectable()
export class DeleteWebhookEndpointUseCase {
  constructor(private readonly endpoints: WebhookEndpointsRepository) {}

  async execute(accountId: string, id: string): Promise<void> {
    if (!(await this.endpoints.delete(accountId, requireWebhookId(id)))) throw webhookNotFound(id);
  }
}
