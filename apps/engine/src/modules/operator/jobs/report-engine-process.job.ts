import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../../../infrastructure/jobs/periodic-task';
import { EngineProcessesRepository, REPORT_EVERY_MS } from '../processes/engine-processes.repository';
import { ThisEngineProcess } from '../processes/this-engine-process';

/**
 * A timer in every engine process, whatever its role: it reports the process (role, version, lead
 * table) to Redis at start and every REPORT_EVERY_MS, and withdraws it when the process stops,
 * so the operator sees every process, not only the one that answers.
 */
@Injectable()
export class ReportEngineProcessJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReportEngineProcessJob.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly processes: EngineProcessesRepository,
    private readonly thisProcess: ThisEngineProcess,
  ) {
    // A Redis outage is logged once by the Redis availability tracker; a missed report only ages this one.
    this.task = new PeriodicTask(REPORT_EVERY_MS, () =>
      this.processes
        .publish(this.thisProcess.report(new Date()))
        .catch((error) => this.logger.debug({ err: error }, 'could not report this engine process; the next interval tries again')),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start(0);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
    await this.processes.withdraw(this.thisProcess.identity.id).catch(() => undefined);
  }
}
