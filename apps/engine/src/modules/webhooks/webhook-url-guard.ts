import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { refusalReason, TargetGuard, WEBHOOK_TARGET_GUARD } from '../../infrastructure/outbound/target-guard';

/**
 * Refuses, when an endpoint is created or its URL changed, a URL that delivery would refuse: a host that
 * is, or resolves to, a loopback, private, link-local or otherwise non-public address (unless
 * WEBHOOK_ALLOWED_NETWORKS or WEBHOOK_ALLOW_PRIVATE_NETWORKS open it). A name without an answer yet is
 * accepted; every delivery checks its address again.
 */
@Injectable()
export class WebhookUrlGuard {
  constructor(@Inject(WEBHOOK_TARGET_GUARD) private readonly guard: TargetGuard) {}

  async check(url: string): Promise<void> {
    const check = await this.guard.check(new URL(url));
    if (check.allowed || check.observation.kind !== 'refused-address') return;
    const message = refusalReason(check.observation);
    throw new DomainError('VALIDATION_ERROR', `url: ${message}`, { details: [{ path: 'url', message }] });
  }
}
