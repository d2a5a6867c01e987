import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ExportCreated, ExportCreateRequest, MAX_EXPORT_ROWS, QUEUE_NAMES } from '@lead-engine/contracts';
import { DomainError, normalizeFilters } from '@lead-engine/core';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { CreditsRepository } from '../../credits/credits.repository';
import { ExportsRepository } from '../exports.repository';
import { enqueueExport } from '../jobs/enqueue-export';

export interface StartExportCommand {
  accountId: string;
  apiKeyId: string;
  request: ExportCreateRequest;
}

@Injectable()
export class StartExportUseCase {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly credits: CreditsRepository,
    @InjectQueue(QUEUE_NAMES.exports) private readonly queue: Queue,
    private readonly redisAvailability: RedisAvailability,
  ) {}

  async execute({ accountId, apiKeyId, request }: StartExportCommand): Promise<ExportCreated> {
    const { limit, ...filterSet } = request;
    if (limit === undefined) throw new DomainError('LIMIT_REQUIRED', 'Give limit: how many rows to export, 1 to 50000.');
    const filters = normalizeFilters(filterSet);
    await this.refuseEmptyBalance(accountId);
    const created = await this.exports.create({
      id: randomUUID(),
      accountId,
      apiKeyId,
      filters,
      requestedLimit: limit,
      deliveryLimit: Math.min(limit, MAX_EXPORT_ROWS),
    });
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
