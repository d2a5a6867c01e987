import { Inject, Injectable, Logger } from '@nestjs/common';
import { exportFilename, LiveLeadTable, planExport, scanLiveLeads } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { CreditsRepository } from '../../credits/credits.repository';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { LeadIndex } from '../../leads/lead-index';
import { RevealedRowsCache } from '../../leads/revealed-rows-cache';
import { LeadsRepository } from '../../leads/leads.repository';
import { WebhookOutbox } from '../../webhooks/deliveries/webhook-outbox';
import { EXPORT_CSV_HEADER } from '../export-csv';
import { toExportJob } from '../export-job-view';
import { ExportProgress } from '../export-progress';
import { CsvReader, CsvRecords, ExportRecord, ExportsRepository } from '../exports.repository';

const ROWS_PER_PART = 5_000;

/** Starts a read whose failure is seen where it is awaited, even if that never happens. */
function readAhead(read: CsvReader, seqs: ArrayLike<number>): Promise<CsvRecords> {
  const records = read(seqs);
  records.catch(() => undefined);
  return records;
}

/**
 * Delivers an export in one transaction: the account is locked (so reveals and other exports of the
 * account wait), the rows not yet revealed are chosen, written as CSV parts, marked revealed and paid
 * for, and the export completed. A crash anywhere before the commit leaves nothing behind, and running
 * it again (another worker, a retry) finds a completed export and does nothing. Its export.completed
 * event is written in the same transaction. The CSV itself is read
 * on a second connection, one part ahead: it writes nothing, so it needs no part of the transaction.
 */
@Injectable()
export class RunExportUseCase {
  private readonly logger = new Logger(RunExportUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly exports: ExportsRepository,
    private readonly leads: LeadsRepository,
    private readonly index: LeadIndex,
    private readonly revealedRows: RevealedRowsCache,
    private readonly credits: CreditsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly progress: ExportProgress,
    private readonly outbox: WebhookOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(exportId: string): Promise<void> {
    const job = await this.exports.find(exportId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    await this.exports.markRunning(exportId);
    const table = await this.index.table();
    const delivered = await this.exports.withCsvReader((readCsv) => this.deliver(exportId, job, table, readCsv));
    if (delivered !== null) {
      this.showProgress(exportId, 100);
      this.logger.log({ exportId, accountId: job.accountId, delivered }, 'export completed');
    }
  }

  /** The delivering transaction; the rows delivered, or null when the export is no longer running. */
  private deliver(exportId: string, job: ExportRecord, table: LiveLeadTable, readCsv: CsvReader): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      await this.leads.lockAccount(manager, job.accountId);
      const current = await this.exports.find(exportId, manager);
      if (current?.status !== 'running') return null;

      // Under the account's lock no reveal of the account can commit, so what the cache reads now is final.
      const [revealed, balance] = await Promise.all([
        this.revealedRows.revealedRows(job.accountId, table),
        this.credits.findBalance(manager, job.accountId),
      ]);
      const scan = scanLiveLeads(table, job.filters, { excluded: revealed, offset: 0, limit: job.deliveryLimit });
      const plan = planExport(job.deliveryLimit, scan.available, balance?.balance ?? 0);
      const seqs = scan.page.slice(0, plan.rows);

      // PostgreSQL writes the CSV (the next part while this one is stored) and looks up the contact ids:
      // no row objects here, and at most two parts in memory.
      await this.exports.compressFastInTransaction(manager);
      const reference = `export:${exportId}`;
      const parts = Math.max(1, Math.ceil(seqs.length / ROWS_PER_PART));
      const partSeqs = (part: number) => seqs.slice(part * ROWS_PER_PART, (part + 1) * ROWS_PER_PART);
      let rows = 0;
      let next = readAhead(readCsv, partSeqs(0));
      for (let part = 0; part < parts; part++) {
        const records = await next;
        if (part + 1 < parts) next = readAhead(readCsv, partSeqs(part + 1));
        const data = part === 0 ? Buffer.concat([EXPORT_CSV_HEADER, records.data]) : records.data;
        await this.exports.appendFilePart(manager, exportId, part, data);
        const marked = await this.leads.insertRevealsBySeq(manager, job.accountId, partSeqs(part), 'export', reference);
        if (marked !== records.rows) throw new Error(`export ${exportId} wrote ${records.rows} rows but marked ${marked} leads revealed`);
        rows += records.rows;
        if (seqs.length > 0) this.showProgress(exportId, ((part + 1) / parts) * 99);
      }

      if (rows > 0) {
        await this.moveCredits.spend(manager, {
          accountId: job.accountId,
          amount: rows,
          reason: 'export',
          reference,
          apiKeyId: job.apiKeyId,
          userId: job.userId,
        });
      }
      const completedAt = this.clock.now();
      const completed = await this.exports.complete(manager, exportId, {
        deliveredRows: rows,
        capped: plan.capped,
        note: plan.note,
        filename: exportFilename(completedAt, rows),
        completedAt,
      });
      if (!completed) throw new Error(`export ${exportId} stopped running while it was delivered`);
      const settled = (await this.exports.find(exportId, manager))!;
      await this.outbox.emit(manager, {
        accountId: job.accountId,
        type: 'export.completed',
        at: completedAt,
        data: toExportJob(settled, 100),
      });
      return rows;
    });
  }

  /** Progress is a hint for pollers: the delivery neither waits for it nor fails with it. */
  private showProgress(exportId: string, percent: number): void {
    this.progress
      .set(exportId, percent)
      .catch((error: unknown) => this.logger.debug({ exportId, err: error }, 'export progress not written'));
  }
}
