import type { DeliveryRetryPolicy } from '@lead-engine/core';
import type { EngineConfig } from '../../../config/engine-config.schema';

const HOUR_MS = 3_600_000;

export function deliveryRetryPolicy(config: EngineConfig): DeliveryRetryPolicy {
  return {
    delaysMs: config.WEBHOOK_RETRY_DELAYS,
    windowMs: config.WEBHOOK_RETRY_WINDOW_HOURS * HOUR_MS,
    disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * HOUR_MS,
  };
}
