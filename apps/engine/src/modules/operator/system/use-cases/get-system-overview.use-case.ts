import { Injectable } from '@nestjs/common';
import type { OperatorSystem } from '@lead-engine/contracts';
import { ENGINE_VERSION } from '../../../../engine-version';
import { EngineProcessesRepository } from '../../processes/engine-processes.repository';
import type { EngineProcessReport } from '../../processes/engine-process-report';
import { ThisEngineProcess } from '../../processes/this-engine-process';
import { operatorSystemView } from '../operator-system-view';
import { PostgresOverviewRepository } from '../postgres-overview.repository';
import { RedisOverviewRepository } from '../redis-overview.repository';
import { WebhookBacklogRepository } from '../webhook-backlog.repository';

/** The operator's System page: PostgreSQL, Redis, migrations, the engine processes and the webhook backlog, read side by side. */
@Injectable()
export class GetSystemOverviewUseCase {
  constructor(
    private readonly postgres: PostgresOverviewRepository,
    private readonly redis: RedisOverviewRepository,
    private readonly webhookBacklog: WebhookBacklogRepository,
    private readonly processes: EngineProcessesRepository,
    private readonly thisProcess: ThisEngineProcess,
  ) {}

  async execute(): Promise<OperatorSystem> {
    const now = new Date();
    const [postgres, migrations, redis, webhookBacklog, reported] = await Promise.all([
      this.postgres.server(),
      this.postgres.migrations(),
      this.redis.overview(),
      this.webhookBacklog.backlog(),
      this.processes.recent(now),
    ]);
    return operatorSystemView(
      { version: ENGINE_VERSION, postgres, redis, migrations, processes: this.withThisProcessNow(reported, now), webhookBacklog },
      now,
    );
  }

  /** The process answering tells its own state as it is now, rather than as its last report had it. */
  private withThisProcessNow(reported: EngineProcessReport[], now: Date): EngineProcessReport[] {
    const own = this.thisProcess.report(now);
    return [own, ...reported.filter((report) => report.id !== own.id)].sort(
      (left, right) => left.startedAt.localeCompare(right.startedAt) || left.id.localeCompare(right.id),
    );
  }
}
