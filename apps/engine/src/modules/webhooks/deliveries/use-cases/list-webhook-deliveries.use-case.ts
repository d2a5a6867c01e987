import { Injectable } from '@nestjs/common';
import type { WebhookDeliveriesQuery, WebhookDeliveryList } from '@lead-engine/contracts';
import { requireWebhookId, webhookNotFound } from '../../webhook-endpoint.errors';
import { WebhookEndpointsRepository } from '../../webhook-endpoints.repository';
import { toWebhookDelivery } from '../webhook-delivery-view';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';

@Injectable()
export class ListWebhookDeliveriesUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  /** A page of the endpoint's deliveries, newest first; keyset-paged, so deliveries added meanwhile never shift a page. */
  async execute(accountId: string, endpointId: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryList> {
    const endpoint = await this.endpoints.findForAccount(accountId, requireWebhookId(endpointId));
    if (!endpoint) throw webhookNotFound(endpointId);
    const page = await this.deliveries.listForEndpoint(endpoint.id, query.limit + 1, query.cursor?.toLowerCase() ?? null);
    const shown = page.slice(0, query.limit);
    return {
      deliveries: shown.map(toWebhookDelivery),
      nextCursor: page.length > query.limit ? shown[shown.length - 1].id : null,
    };
  }
}
