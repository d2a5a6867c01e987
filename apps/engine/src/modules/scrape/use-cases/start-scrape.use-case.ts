import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES, ScrapeCreateRequest, ScrapeJob } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ChargingKey } from '../../identity/charging-key';
import { EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { enqueueDurableJob } from '../../../infrastructure/jobs/job-kind';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { SCRAPE_JOB } from '../jobs/scrape-job';
import { toScrapeJob } from '../scrape-job-view';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';
import { scrapeHoldOf, scrapeTargetsOf } from '../scrape-targets';

export interface StartScrapeCommand extends ChargingKey {
  request: ScrapeCreateRequest;
  /** The hold the user confirmed in the app; another one is refused (QUOTE_MISMATCH) before anything is held. */
  expectedHold?: number;
}

/** Holds 1 credit per unique normalized input (invalid ones too) and records the job, all or nothing; then queues it. */
@Injectable()
export class StartScrapeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: ScrapeJobsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
    @InjectQueue(QUEUE_NAMES.scrape) private readonly queue: Queue,
    private readonly redisAvailability: RedisAvailability,
  ) {}

  async execute({ request, expectedHold, ...key }: StartScrapeCommand): Promise<ScrapeJob> {
    const { accountId, apiKeyId } = key;
    const userId = key.userId ?? null;
    const targets = scrapeTargetsOf(request);
    const hold = scrapeHoldOf(targets);

    const id = randomUUID();
    const created = await this.dataSource.transaction(async (manager) => {
      if (expectedHold !== undefined && expectedHold !== hold) {
        throw new DomainError('QUOTE_MISMATCH', `The hold for these sites is now ${hold} credits; look again.`);
      }
      await this.keyBudget.execute(manager, key, hold);
      await this.moveCredits.hold(manager, { accountId, amount: hold, reason: 'scrape', reference: `scrape:${id}`, apiKeyId, userId });
      return this.jobs.create(manager, { id, accountId, apiKeyId, userId, targets });
    });
    await handToQueue(this.redisAvailability, () => enqueueDurableJob(this.queue, SCRAPE_JOB, id));
    return toScrapeJob(created);
  }
}
