import type { Logger } from '@nestjs/common';

/**
 * One dependency's outage as two log lines, whoever notices it and however often: when it starts (which
 * service, where, since when, what follows) and when it ends (after how long).
 */
export class OutageLog {
  private lostAt: number | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly service: string,
    /** The log field naming the service's address, e.g. `{ redis: 'redis://…' }`. */
    private readonly where: Record<string, string>,
  ) {}

  get ongoing(): boolean {
    return this.lostAt !== null;
  }

  /** Logs the start of an outage; false when one is already under way. */
  begin(consequence: string): boolean {
    if (this.lostAt !== null) return false;
    this.lostAt = Date.now();
    this.logger.warn({ ...this.where, since: new Date(this.lostAt).toISOString() }, `${this.service} lost: ${consequence}`);
    return true;
  }

  /** Logs the end of the outage under way; false when there is none. */
  end(): boolean {
    if (this.lostAt === null) return false;
    const downForMs = Date.now() - this.lostAt;
    this.lostAt = null;
    this.logger.log({ ...this.where, downForMs }, `${this.service} back after ${Math.round(downForMs / 100) / 10} s`);
    return true;
  }
}
