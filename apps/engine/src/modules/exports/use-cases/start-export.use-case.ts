import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ExportCreated, ExportCreateRequest, MAX_EXPORT_ROWS, QUEUE_NAMES } from '@lead-engine/contracts';
import { DomainError, normalizeFilters } from '@lead-engine/core';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { CreditsRepository } from '../../credits/credits.repository';
import { ChargingKey, EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { ExportsRepository } from '../exports.repository';
import { enqueueExport } from '../jobs/enqueue-export';

export interface StartExportCommand extends ChargingKey {
  request: ExportCreateRequest;
}

@Injectable()
export class StartExportUseCase {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly credits: CreditsRepository,
    @InjectQueue(QUEUE_NAMES.exports) private readonly queue: Queue,
    private readonly redisAvailability: RedisAvailability,
    private readonly dataSource: DataSource,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
  ) {}

  async execute({ request, ...key }: StartExportCommand): Promise<ExportCreated> {
    const { accountId, apiKeyId } = key;
    const { limit, ...filterSet } = request;
    if (limit === undefined) throw new DomainError('LIMIT_REQUIRED', 'Give limit: how many rows to export, 1 to 50000.');
    const filters = normalizeFilters(filterSet);
    await this.refuseEmptyBalance(accountId);
    const deliveryLimit = Math.min(limit, MAX_EXPORT_ROWS);
    const record = { id: randomUUID(), accountId, apiKeyId, filters, requestedLimit: limit, deliveryLimit };
    // The worker charges at completion, up to the delivery limit: a key with budgets reserves that much
    // now (its pending exports count against them), checked and recorded under the key's lock.
    const created = key.limits
      ? await this.dataSource.transaction(async (manager) => {
          await this.keyBudget.execute(manager, key, deliveryLimit);
          return this.exports.create(record, manager);
        })
      : await this.exports.create(record);
    await handToQueue(this.redisAvailability, () => enqueueExport(this.queue, created.id));
    return {
      job_id: created.id,
      status: created.status,
      requested_limit: limit,
      capped_to_max: limit > MAX_EXPORT_ROWS ? MAX_EXPORT_ROWS : null,
      poll: `/api/v1/leads/exports/${created.id}`,
      download: `/api/v1/leads/exports/${created.id}/csv`,
    };
  }

  /**
   * Contract §8: with nothing to pay for a single row, the start is refused and nothing is queued. A balance
   * that covers fewer rows than asked caps the export instead; a balance spent in the meantime ends it early.
   */
  private async refuseEmptyBalance(accountId: string): Promise<void> {
    const balance = (await this.credits.readBalance(accountId))?.balance ?? 0;
    if (balance < 1) {
      throw new DomainError('INSUFFICIENT_CREDITS', `An export costs 1 credit per delivered row; the balance is ${balance}.`, {
        required: 1,
        balance,
      });
    }
  }
}
