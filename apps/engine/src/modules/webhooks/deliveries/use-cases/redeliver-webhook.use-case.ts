import { Injectable } from '@nestjs/common';
import type { WebhookDelivery } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { requireWebhookId, webhookNotFound } from '../../webhook-endpoint.errors';
import { WebhookEndpointsRepository } from '../../webhook-endpoints.repository';
import { WebhookDispatcher } from '../jobs/webhook-dispatcher';
import { toWebhookDelivery } from '../webhook-delivery-view';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';

@Injectable()
export class RedeliverWebhookUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /**
   * Pending again at once and retried for another window, with the same webhook-id: a receiver that
   * processed it already drops it. A disabled endpoint's delivery fails again until it is enabled.
   */
  async execute(accountId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpoints.findForAccount(accountId, requireWebhookId(endpointId));
    if (!endpoint) throw webhookNotFound(endpointId);
    if (!isUuid(deliveryId)) throw new DomainError('BAD_ID', `${deliveryId.slice(0, 100)} is not a delivery id (a uuid).`);
    const record = await this.deliveries.redeliver(endpoint.id, deliveryId.toLowerCase());
    if (!record) throw new DomainError('NOT_FOUND', `No delivery ${deliveryId} for webhook endpoint ${endpointId}.`);
    this.dispatcher.dispatch([
      { id: record.id, endpointId: record.endpointId, attempt: record.attempts + 1, dueAt: record.nextAttemptAt! },
    ]);
    return toWebhookDelivery(record);
  }
}
