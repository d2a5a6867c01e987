import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { timingSafeEqual } from 'node:crypto';
import type { EngineConfig } from '../../config/engine-config.schema';
import { EngineMetrics } from '../../infrastructure/metrics/engine-metrics';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';

export const METRICS_PATH = '/metrics';

/** What GET /metrics answers, whichever server serves it: the API's, or a worker's own on METRICS_PORT. */
@Injectable()
export class MetricsEndpoint {
  private readonly token: Buffer | null;

  constructor(
    private readonly metrics: EngineMetrics,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
  ) {
    this.token = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : null;
  }

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  /** Throws AUTH_REQUIRED unless METRICS_TOKEN is unset or the Authorization header carries it. */
  authorize(authorization: string | string[] | undefined): void {
    if (this.token === null) return;
    const given = Buffer.from((Array.isArray(authorization) ? authorization[0] : authorization) ?? '');
    if (given.length === this.token.length && timingSafeEqual(given, this.token)) return;
    throw new DomainError('AUTH_REQUIRED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>.');
  }

  render(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
