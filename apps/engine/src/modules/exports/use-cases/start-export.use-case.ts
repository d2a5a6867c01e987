import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { ExportCreated, ExportCreateRequest, MAX_EXPORT_ROWS, QUEUE_NAMES } from '@lead-engine/contracts';
import { DomainError, isUuid, NormalizedFilters, normalizeFilters } from '@lead-engine/core';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { enqueueDurableJob } from '../../../infrastructure/jobs/job-kind';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { CreditsRepository } from '../../credits/credits.repository';
import type { ChargingKey } from '../../identity/charging-key';
import { EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { ExportQuote, ExportQuotesRepository } from '../export-quotes.repository';
import { ExportRecord, ExportsRepository } from '../exports.repository';
import { EXPORT_JOB } from '../jobs/export-job';
import { deliveryLimitOf, exportRequestDigest } from './export-request';

export interface StartExportCommand extends ChargingKey {
  request: ExportCreateRequest;
}

interface NewExport {
  key: ChargingKey;
  filters: NormalizedFilters;
  requestedLimit: number;
  deliveryLimit: number;
}

/**
 * Queues an export; the worker delivers and charges it. Given a quote (QuoteExportUseCase) for the same
 * filters and limit, the export delivers at most the quoted rows, so it charges at most the quoted
 * credits, and the quote's row, locked, records the export it started: a retry with the same quote
 * answers that export and starts no other.
 */
@Injectable()
export class StartExportUseCase {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly quotes: ExportQuotesRepository,
    private readonly credits: CreditsRepository,
    @InjectQueue(QUEUE_NAMES.exports) private readonly queue: Queue,
    private readonly redisAvailability: RedisAvailability,
    private readonly dataSource: DataSource,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ request, ...key }: StartExportCommand): Promise<ExportCreated> {
    const { limit, quote_id: quoteId, ...filterSet } = request;
    const deliveryLimit = deliveryLimitOf(limit);
    const wanted = { key, filters: normalizeFilters(filterSet), requestedLimit: limit!, deliveryLimit };
    const created = quoteId === undefined ? await this.startUnquoted(wanted) : await this.startQuoted(wanted, quoteId);
    await handToQueue(this.redisAvailability, () => enqueueDurableJob(this.queue, EXPORT_JOB, created.id));
    return {
      job_id: created.id,
      status: created.status,
      requested_limit: created.requestedLimit,
      capped_to_max: created.requestedLimit > MAX_EXPORT_ROWS ? MAX_EXPORT_ROWS : null,
      poll: `/api/v1/leads/exports/${created.id}`,
      download: `/api/v1/leads/exports/${created.id}/csv`,
    };
  }

  private async startUnquoted(wanted: NewExport): Promise<ExportRecord> {
    await this.refuseEmptyBalance(wanted.key.accountId);
    // The worker charges at completion, up to the delivery limit: a key with budgets reserves that much
    // now (its pending exports count against them), checked and recorded under the key's lock.
    if (!wanted.key.limits) return this.exports.create(this.recordOf(wanted));
    return this.dataSource.transaction((manager) => this.create(manager, wanted));
  }

  private startQuoted(wanted: NewExport, quoteId: string): Promise<ExportRecord> {
    const { accountId } = wanted.key;
    return this.dataSource.transaction(async (manager) => {
      const quote = await this.quoteFor(manager, accountId, quoteId, exportRequestDigest(wanted.filters, wanted.deliveryLimit));
      if (quote.exportId !== null) return (await this.exports.find(quote.exportId, manager))!;
      await this.refuseEmptyBalance(accountId);
      const created = await this.create(manager, { ...wanted, deliveryLimit: Math.min(wanted.deliveryLimit, quote.credits) });
      await this.quotes.markUsed(manager, quote.id, created.id);
      return created;
    });
  }

  private async create(manager: EntityManager, wanted: NewExport): Promise<ExportRecord> {
    if (wanted.key.limits) await this.keyBudget.execute(manager, wanted.key, wanted.deliveryLimit);
    return this.exports.create(this.recordOf(wanted), manager);
  }

  private recordOf({ key, filters, requestedLimit, deliveryLimit }: NewExport) {
    return { id: randomUUID(), accountId: key.accountId, apiKeyId: key.apiKeyId, userId: key.userId ?? null, filters, requestedLimit, deliveryLimit };
  }

  /** The account's quote for exactly this request; a used one until housekeeping deletes it (30 days after expiry), an unused one only before it expires. */
  private async quoteFor(manager: EntityManager, accountId: string, quoteId: string, requestDigest: string): Promise<ExportQuote> {
    const quote = isUuid(quoteId) ? await this.quotes.lockForAccount(manager, accountId, quoteId.toLowerCase()) : null;
    if (!quote) throw new DomainError('QUOTE_NOT_FOUND', `No export quote ${quoteId} on this account; call quote_export first.`);
    if (quote.requestDigest !== requestDigest) {
      throw new DomainError(
        'QUOTE_MISMATCH',
        'This is not the export this quote was for; pass exactly the quoted filters and limit, or ask for a new quote.',
      );
    }
    if (quote.exportId === null && quote.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new DomainError(
        'QUOTE_EXPIRED',
        `This quote expired at ${quote.expiresAt.toISOString()}; nothing was started or charged. Ask for a new quote.`,
      );
    }
    return quote;
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
