import { Inject, Injectable } from '@nestjs/common';
import { classifyScrapeOutcome, interleaveBySite, ScrapeVerdict, siteKey, storableText } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { writeRefusedValuesAlone } from '../../../infrastructure/database/write-refused-values-alone';
import { PendingItem, ScrapeJobsRepository } from '../scrape-jobs.repository';
import { FinishedRead, ScrapeResultWriter } from '../scrape-result-writer';
import { ScrapeSlots } from '../scrape-slots';
import { SITE_READER, SiteReader } from '../site-reader/site-reader.port';
import { SiteTextsRepository } from '../site-texts.repository';
import { SettleScrapeUseCase } from './settle-scrape.use-case';

const CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a scrape job to its end: inputs that name no host are invalid at once, hosts with text read in
 * the last 30 days are served from the cache, the rest are read; results are written as they finish,
 * then the job is settled. Run again after a crash, it reads only what was not yet written.
 */
@Injectable()
export class RunScrapeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: ScrapeJobsRepository,
    private readonly siteTexts: SiteTextsRepository,
    @Inject(SITE_READER) private readonly reader: SiteReader,
    private readonly slots: ScrapeSlots,
    private readonly settle: SettleScrapeUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(jobId: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    await this.jobs.markRunning(jobId);
    const pending = await this.jobs.pendingItems(jobId);
    const writer = new ScrapeResultWriter((batch) => this.record(jobId, batch));

    const hosts = pending.filter((item) => item.isHost);
    for (const item of pending) {
      if (!item.isHost) writer.add({ ...finished(item, classifyScrapeOutcome({ kind: 'not-a-host-name' })), cached: false });
    }
    const since = new Date(this.clock.now().getTime() - CACHE_DAYS * DAY_MS);
    const cached = await this.siteTexts.freshDomains(
      hosts.map((item) => item.domain),
      since,
    );
    for (const item of hosts) {
      if (cached.has(item.domain))
        writer.add({ ...finished(item, { outcome: 'ok', cause: null, httpStatus: null, reason: 'cached' }), cached: true });
    }
    const toRead = interleaveBySite(
      hosts.filter((item) => !cached.has(item.domain)),
      (item) => siteKey(item.domain),
    );
    await this.readAll(toRead, writer);
    await writer.close();
    await this.settle.execute(jobId, 'completed');
  }

  private async readAll(items: PendingItem[], writer: ScrapeResultWriter): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const item = items[next++];
        const reading = await this.slots.run(() => this.reader.read(item.domain));
        writer.add({ ...finished(item, reading.verdict), cached: false, text: reading.text });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.slots.size, items.length) }, lane));
  }

  /** A site whose result PostgreSQL refuses for its values ends no_content, without text: it never fails the job. */
  private record(jobId: string, batch: FinishedRead[]): Promise<void> {
    return writeRefusedValuesAlone(
      batch,
      (items) => this.recordBatch(jobId, items),
      (item, refusal): FinishedRead => ({
        ...item,
        outcome: 'no_content',
        cause: 'not_storable',
        httpStatus: null,
        reason: storableText(`text could not be stored: ${refusal.message}`),
        text: '',
      }),
    );
  }

  private async recordBatch(jobId: string, batch: FinishedRead[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const job = await this.jobs.lock(manager, jobId);
      if (!job || job.status !== 'running') return;
      const written = await this.jobs.recordFinished(manager, job, batch);
      const texts = written.filter((item) => item.outcome === 'ok' && !item.cached).map(({ domain, text }) => ({ domain, text }));
      await this.siteTexts.store(manager, texts, this.clock.now());
    });
  }
}

function finished(item: PendingItem, verdict: ScrapeVerdict): Omit<FinishedRead, 'cached'> {
  return {
    position: item.position,
    domain: item.domain,
    outcome: verdict.outcome,
    cause: verdict.cause,
    httpStatus: verdict.httpStatus,
    reason: storableText(verdict.reason),
    text: '',
  };
}
