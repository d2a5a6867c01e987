import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { EnrichmentForm, EnrichmentJobCreated, QUEUE_NAMES } from '@lead-engine/contracts';
import { DomainError, estimateEnrichmentSeconds } from '@lead-engine/core';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../../config/engine-config.schema';
import type { UploadedFile } from '../../../infrastructure/http/multipart-upload';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { AI_PROVIDER, AiProvider } from '../../ai/ai-provider.port';
import type { ChargingKey } from '../../identity/charging-key';
import { EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import type { EnrichmentCsvUpload } from '../enrichment-csv-reader';
import { toEnrichmentJobCreated } from '../enrichment-job-view';
import { EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { enqueueDurableJob } from '../../../infrastructure/jobs/job-kind';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { ENRICHMENT_JOB } from '../jobs/enrichment-job';
import { blankToNull, checkEnrichmentUpload } from '../enrichment-upload';

export interface StartEnrichmentCommand extends ChargingKey {
  form: EnrichmentForm;
  /** The CSV as the upload read it (see EnrichmentCsvReader). */
  file: UploadedFile<EnrichmentCsvUpload> | null;
  /** The hold the user confirmed in the app; another one is refused (QUOTE_MISMATCH) before anything is held. */
  expectedHold?: number;
}

/**
 * Checks the upload (fields, target ICP, CSV, a website or email on every row; see checkEnrichmentUpload),
 * then holds the credits of every requested cell and stores the job and its rows in one transaction, and
 * queues it. Every validation error comes before the credit check; a refused hold leaves nothing behind.
 */
@Injectable()
export class StartEnrichmentUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: EnrichmentJobsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
    @InjectQueue(QUEUE_NAMES.enrichment) private readonly queue: Queue,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly redisAvailability: RedisAvailability,
  ) {}

  async execute({ form, file, expectedHold, ...key }: StartEnrichmentCommand): Promise<EnrichmentJobCreated> {
    const { accountId, apiKeyId } = key;
    const userId = key.userId ?? null;
    const { fields, targetIcp, filename, csv, columns, cost } = checkEnrichmentUpload(form, file);

    const id = randomUUID();
    const created = await this.dataSource.transaction(async (manager) => {
      if (expectedHold !== undefined && expectedHold !== cost.total) {
        throw new DomainError('QUOTE_MISMATCH', `The hold for this file and these fields is now ${cost.total} credits; look again.`);
      }
      await this.keyBudget.execute(manager, key, cost.total);
      if (cost.total > 0) {
        await this.moveCredits.hold(manager, {
          accountId,
          amount: cost.total,
          reason: 'enrichment',
          reference: `enrichment:${id}`,
          apiKeyId,
          userId,
        });
      }
      return this.jobs.create(
        manager,
        {
          id,
          accountId,
          apiKeyId,
          userId,
          originalFilename: filename,
          headers: csv.headers,
          columns,
          fields,
          targetIcp: targetIcp ?? '',
          sellerOffer: blankToNull(form.seller_offer),
          userTag: blankToNull(form.user_tag),
          creditsCharged: cost.total,
        },
        csv.rows,
      );
    });
    await handToQueue(this.redisAvailability, () => enqueueDurableJob(this.queue, ENRICHMENT_JOB, id));
    const estimate = estimateEnrichmentSeconds(csv.rows.length, this.config.ENRICHMENT_CONCURRENCY, this.ai.secondsPerRow);
    return toEnrichmentJobCreated(created, cost.explained, estimate);
  }
}
