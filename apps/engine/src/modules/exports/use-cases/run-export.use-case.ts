import { Inject, Injectable, Logger } from '@nestjs/common';
import { compileLeadQuery, exportFilename, planExport, scanLeads } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { CreditsRepository } from '../../credits/credits.repository';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { LeadIndex } from '../../leads/lead-index';
import { LeadsRepository } from '../../leads/leads.repository';
import { exportCsvPart } from '../export-csv';
import { ExportProgress } from '../export-progress';
import { ExportsRepository } from '../exports.repository';

const ROWS_PER_PART = 5_000;

/**
 * Delivers an export in one transaction: the account is locked (so reveals and other exports of the
 * account wait), the rows not yet revealed are chosen, written as CSV parts, marked revealed and paid
 * for, and the export completed. A crash anywhere before the commit leaves nothing behind, and running
 * it again (another worker, a retry) finds a completed export and does nothing.
 */
@Injectable()
export class RunExportUseCase {
  private readonly logger = new Logger(RunExportUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly exports: ExportsRepository,
    private readonly leads: LeadsRepository,
    private readonly index: LeadIndex,
    private readonly credits: CreditsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly progress: ExportProgress,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(exportId: string): Promise<void> {
    const job = await this.exports.find(exportId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    await this.exports.markRunning(exportId);
    const table = await this.index.table();
    const query = compileLeadQuery(table, job.filters);

    const delivered = await this.dataSource.transaction(async (manager) => {
      await this.leads.lockAccount(manager, job.accountId);
      const current = await this.exports.find(exportId, manager);
      if (current?.status !== 'running') return null;

      const [revealed, balance] = await Promise.all([
        this.leads.revealedSeqs(job.accountId, manager),
        this.credits.findBalance(manager, job.accountId),
      ]);
      const scan = scanLeads(table, query, { excluded: revealed, offset: 0, limit: job.deliveryLimit });
      const plan = planExport(job.deliveryLimit, scan.available, balance?.balance ?? 0);
      const seqs = scan.page.slice(0, plan.rows);

      const deliveredLeads: Array<{ id: string; seq: string }> = [];
      let part = 0;
      for (let start = 0; start < seqs.length || part === 0; start += ROWS_PER_PART) {
        const rows = await this.leads.findLeadsBySeq(seqs.slice(start, start + ROWS_PER_PART), manager);
        await this.exports.appendFilePart(manager, exportId, part, exportCsvPart(rows, part === 0));
        for (const row of rows) deliveredLeads.push({ id: row.id, seq: row.seq });
        part++;
        if (seqs.length > 0) await this.progress.set(exportId, (Math.min(start + ROWS_PER_PART, seqs.length) / seqs.length) * 99);
      }

      const reference = `export:${exportId}`;
      await this.leads.insertReveals(manager, job.accountId, deliveredLeads, 'export', reference);
      if (deliveredLeads.length > 0) {
        await this.moveCredits.spend(manager, {
          accountId: job.accountId,
          amount: deliveredLeads.length,
          reason: 'export',
          reference,
          apiKeyId: job.apiKeyId,
        });
      }
      const completed = await this.exports.complete(manager, exportId, {
        deliveredRows: deliveredLeads.length,
        capped: plan.capped,
        note: plan.note,
        filename: exportFilename(this.clock.now(), deliveredLeads.length),
        completedAt: this.clock.now(),
      });
      if (!completed) throw new Error(`export ${exportId} stopped running while it was delivered`);
      return deliveredLeads.length;
    });
    if (delivered !== null) {
      await this.progress.set(exportId, 100);
      this.logger.log({ exportId, accountId: job.accountId, delivered }, 'export completed');
    }
  }
}
