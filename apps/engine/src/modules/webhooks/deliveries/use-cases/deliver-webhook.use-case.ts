import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WebhookDeliveryJobPayload } from '@lead-engine/contracts';
import { DeliveryRetryPolicy, failedTooLong, nextDeliveryAttempt } from '@lead-engine/core';
import type { EngineConfig } from '../../../../config/engine-config.schema';
import { CLOCK, Clock } from '../../../../infrastructure/clock/clock';
import { EngineMetrics } from '../../../../infrastructure/metrics/engine-metrics';
import { ENGINE_CONFIG } from '../../../../infrastructure/tokens';
import { WebhookEndpointsRepository } from '../../webhook-endpoints.repository';
import { WebhookSecretsKey } from '../../webhook-secrets-key';
import { signWebhook } from '../../webhook-signature';
import { deliveryRetryPolicy } from '../delivery-retry-policy';
import { WebhookDispatcher } from '../jobs/webhook-dispatcher';
import { ClaimedDelivery, WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { WEBHOOK_SENDER, WebhookSender } from '../webhook-sender.port';

/** How long past its deadline a claimed attempt is given up for lost (its worker died) and tried again. */
const LEASE_GRACE_MS = 5_000;

/**
 * One attempt of one delivery: claimed (so however many jobs ask, it is made once), signed with the
 * endpoint's secrets, POSTed, and its outcome written back. Only a 2xx delivers; anything else waits
 * for the next attempt of the schedule, or fails the delivery once the retry window is over, and an
 * endpoint that has failed everything for long enough is disabled.
 */
@Injectable()
export class DeliverWebhookUseCase {
  private readonly logger = new Logger(DeliverWebhookUseCase.name);
  private readonly policy: DeliveryRetryPolicy;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly secretsKey: WebhookSecretsKey,
    private readonly dispatcher: WebhookDispatcher,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: EngineMetrics,
  ) {
    this.policy = deliveryRetryPolicy(config);
  }

  async execute({ deliveryId, attempt }: WebhookDeliveryJobPayload): Promise<void> {
    const claimed = await this.deliveries.claimAttempt(deliveryId, attempt, this.config.WEBHOOK_TIMEOUT_MS + LEASE_GRACE_MS);
    if (!claimed) return;
    if (!claimed.endpointEnabled) {
      await this.deliveries.markEndpointDisabled(deliveryId, attempt);
      this.metrics.webhookDeliveries.inc({ outcome: 'endpoint_disabled' });
      return;
    }
    const result = await this.sender.send({
      url: claimed.url,
      body: claimed.body,
      headers: signWebhook(claimed.id, this.clock.now(), claimed.body, await this.secretsOf(claimed)),
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
    });
    if ('status' in result && result.status >= 200 && result.status < 300) {
      await this.deliveries.markDelivered(deliveryId, attempt, result.status);
      this.metrics.webhookDeliveries.inc({ outcome: 'delivered' });
      return;
    }
    await this.failed(
      claimed,
      'status' in result ? { responseCode: result.status, error: null } : { responseCode: null, error: result.error },
    );
  }

  private async failed(claimed: ClaimedDelivery, outcome: { responseCode: number | null; error: string | null }): Promise<void> {
    const failedAt = this.clock.now();
    const next = nextDeliveryAttempt(this.policy, claimed.attempt, claimed.retryWindowStartedAt, failedAt);
    const failingSince = await this.deliveries.markAttemptFailed(claimed.id, claimed.attempt, outcome, next);
    this.metrics.webhookDeliveries.inc({ outcome: next ? 'retrying' : 'failed' });
    this.logger.log(
      { deliveryId: claimed.id, endpointId: claimed.endpointId, attempt: claimed.attempt, ...outcome, nextAttemptAt: next },
      next ? 'webhook delivery attempt failed; retrying' : 'webhook delivery failed for good',
    );
    if (next) this.dispatcher.dispatch([{ id: claimed.id, endpointId: claimed.endpointId, attempt: claimed.attempt + 1, dueAt: next }]);
    if (failingSince && failedTooLong(this.policy, failingSince, failedAt)) {
      const reason = `Every delivery failed since ${failingSince.toISOString()}; enable the endpoint again once it answers 2xx.`;
      if (await this.endpoints.disableFailing(claimed.endpointId, reason))
        this.logger.warn({ endpointId: claimed.endpointId, failingSince }, 'webhook endpoint disabled after failing too long');
    }
  }

  /** The current secret, and the one a rotation replaced while it still signs. */
  private async secretsOf(claimed: ClaimedDelivery): Promise<string[]> {
    const box = await this.secretsKey.box();
    const secrets = [box.open(claimed.secretSealed, claimed.endpointId)];
    if (claimed.previousSecretSealed) secrets.push(box.open(claimed.previousSecretSealed, claimed.endpointId));
    return secrets;
  }
}
