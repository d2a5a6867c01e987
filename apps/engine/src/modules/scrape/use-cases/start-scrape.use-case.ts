import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { MAX_SCRAPE_INPUTS, QUEUE_NAMES, ScrapeCreateRequest, ScrapeJob } from '@lead-engine/contracts';
import { DomainError, normalizeScrapeInputs } from '@lead-engine/core';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ChargingKey, EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { enqueueScrape } from '../jobs/enqueue-scrape';
import { toScrapeJob } from '../scrape-job-view';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';

export interface StartScrapeCommand extends ChargingKey {
  request: ScrapeCreateRequest;
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

  async execute({ request, ...key }: StartScrapeCommand): Promise<ScrapeJob> {
    const { accountId, apiKeyId } = key;
    const inputs = request.domains ?? [];
    if (inputs.length > MAX_SCRAPE_INPUTS) {
      throw new DomainError('TOO_MANY_DOMAINS', `A job takes at most ${MAX_SCRAPE_INPUTS} domains; this one has ${inputs.length}.`);
    }
    const targets = normalizeScrapeInputs(inputs);
    if (targets.length === 0) throw new DomainError('DOMAINS_REQUIRED', 'Give domains: 1 to 50000 domains, URLs or emails.');

    const id = randomUUID();
    const created = await this.dataSource.transaction(async (manager) => {
      await this.keyBudget.execute(manager, key, targets.length);
      await this.moveCredits.hold(manager, { accountId, amount: targets.length, reason: 'scrape', reference: `scrape:${id}`, apiKeyId });
      return this.jobs.create(manager, { id, accountId, apiKeyId, targets });
    });
    await handToQueue(this.redisAvailability, () => enqueueScrape(this.queue, id));
    return toScrapeJob(created);
  }
}
