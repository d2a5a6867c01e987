import { Injectable } from '@nestjs/common';
import { DEFAULT_CREDITS_LOW_THRESHOLD, WebhookEndpoint, WebhookUpdateRequest } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { requireWebhookId, webhookNotFound } from '../webhook-endpoint.errors';
import { toWebhookEndpoint } from '../webhook-endpoint-view';
import { WebhookEndpointChanges, WebhookEndpointsRepository } from '../webhook-endpoints.repository';
import { WebhookUrlGuard } from '../webhook-url-guard';

/** Given: that one; null: back to the default; left out: the current one, or the default when there was none. */
function thresholdAfter(requested: number | null | undefined, current: number | null): number {
  if (requested === undefined) return current ?? DEFAULT_CREDITS_LOW_THRESHOLD;
  return requested ?? DEFAULT_CREDITS_LOW_THRESHOLD;
}

export interface UpdateWebhookEndpointCommand {
  accountId: string;
  id: string;
  request: WebhookUpdateRequest;
}

/**
 * Changes only the keys given; a new URL is checked as at creation. The credits.low threshold follows the events: it is cleared when
 * credits.low is dropped and set to the default when credits.low is added without one.
 */
@Injectable()
export class UpdateWebhookEndpointUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly urlGuard: WebhookUrlGuard,
  ) {}

  async execute({ accountId, id: requestedId, request }: UpdateWebhookEndpointCommand): Promise<WebhookEndpoint> {
    const id = requireWebhookId(requestedId);
    if (request.url !== undefined) await this.urlGuard.check(request.url);
    const updated = await this.dataSource.transaction(async (manager) => {
      const current = await this.endpoints.findForAccount(accountId, id, manager);
      if (!current) throw webhookNotFound(requestedId);
      const events = request.events ?? current.events;
      const receivesCreditsLow = events.includes('credits.low');
      if (request.creditsLowThreshold != null && !receivesCreditsLow) {
        const message = 'is only allowed while the endpoint receives the credits.low event';
        throw new DomainError('VALIDATION_ERROR', `creditsLowThreshold: ${message}`, {
          details: [{ path: 'creditsLowThreshold', message }],
        });
      }
      const changes: WebhookEndpointChanges = {
        url: request.url,
        events: request.events,
        description: request.description,
        enabled: request.enabled,
        creditsLowThreshold: receivesCreditsLow ? thresholdAfter(request.creditsLowThreshold, current.creditsLowThreshold) : null,
      };
      // Turning an endpoint on again clears why the engine had turned it off.
      if (request.enabled !== undefined) changes.disabledReason = null;
      return this.endpoints.update(manager, accountId, id, changes);
    });
    if (!updated) throw webhookNotFound(requestedId);
    return toWebhookEndpoint(updated);
  }
}
