import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_VERSION } from '../../../engine-version';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { LeadIndex } from '../../leads/lead-index';
import { EngineProcessIdentity, EngineProcessReport, leadTableReport } from './engine-process-report';

/** The engine process this code runs in, and its report as it stands. */
@Injectable()
export class ThisEngineProcess {
  readonly identity: EngineProcessIdentity;

  constructor(
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    private readonly leadIndex: LeadIndex,
  ) {
    this.identity = {
      id: randomUUID(),
      host: hostname(),
      pid: process.pid,
      role: config.ENGINE_ROLE,
      version: ENGINE_VERSION,
      startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    };
  }

  report(now: Date): EngineProcessReport {
    const at = now.getTime();
    return {
      ...this.identity,
      seenAt: now.toISOString(),
      leadTable: leadTableReport(this.leadIndex.health(), this.leadIndex.measures(), at),
    };
  }
}
