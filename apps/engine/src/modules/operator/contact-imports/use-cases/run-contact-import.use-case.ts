import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { GenerateContactsUseCase } from '../../../contacts/use-cases/generate-contacts.use-case';
import { ImportContactsUseCase } from '../../../contacts/use-cases/import-contacts.use-case';
import { contactImportFile } from '../contact-import-file';
import { ContactImportProgress } from '../contact-import-progress';
import { ContactImportCounts, ContactImportRecord, ContactImportsRepository } from '../contact-imports.repository';

export const INTERRUPTED_NOTE =
  'The import stopped before it finished (the engine stopped or failed while it ran; its log says which). Contacts written before stay; ' +
  'start it again to finish: rows that carry an id are updated, not added twice.';

/**
 * Runs one queued import on a worker: the uploaded file through the CLI's import, or the generator,
 * its counts written as it goes. An import is run once: one that finds it has run before was
 * interrupted and is failed, since a file's rows without an id would be added twice by a second run.
 */
@Injectable()
export class RunContactImportUseCase {
  private readonly logger = new Logger(RunContactImportUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ContactImportsRepository,
    private readonly importContacts: ImportContactsUseCase,
    private readonly generateContacts: GenerateContactsUseCase,
  ) {}

  async execute(importId: string): Promise<void> {
    const found = await this.imports.find(importId);
    if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
    if (found.attempts > 0) return this.fail(importId, INTERRUPTED_NOTE, null);
    await this.imports.markRunning(importId);
    const progress = new ContactImportProgress(importId, this.imports);
    try {
      const counts = found.source === 'file' ? await this.importFile(found, progress) : await this.generate(found, progress);
      await progress.settled();
      await this.dataSource.transaction((manager) => this.imports.settle(manager, importId, { status: 'completed', note: null, counts }));
      this.logger.log({ importId, ...counts, rejections: undefined }, 'contacts import completed');
    } catch (error) {
      await progress.settled();
      if (!(error instanceof DomainError)) throw error;
      await this.fail(importId, error.message ?? 'The file could not be imported.', progress.latest);
    }
  }

  async fail(importId: string, note: string, counts: ContactImportCounts | null): Promise<void> {
    await this.dataSource.transaction((manager) => this.imports.settle(manager, importId, { status: 'failed', note, counts }));
  }

  private async importFile(found: ContactImportRecord, progress: ContactImportProgress): Promise<ContactImportCounts> {
    let rowsRead = 0;
    let bytesRead = 0;
    const result = await this.importContacts.execute({
      source: contactImportFile(this.imports, found.id),
      totalBytes: found.totalBytes ?? undefined,
      onProgress: (read) => {
        rowsRead = read.rows;
        bytesRead = read.bytesRead;
        progress.report({
          bytesRead: read.bytesRead,
          rowsRead: read.rows,
          imported: read.imported,
          updated: read.updated,
          rejected: read.rejected,
          urlsDropped: read.urlsDropped,
          rejections: read.rejections,
        });
      },
    });
    return { ...result, rowsRead, bytesRead };
  }

  private async generate(found: ContactImportRecord, progress: ContactImportProgress): Promise<ContactImportCounts> {
    const result = await this.generateContacts.execute({
      count: found.requestedRows ?? 0,
      seed: found.seed ?? 1,
      onProgress: ({ rows, imported, updated }) =>
        progress.report({ bytesRead: 0, rowsRead: rows, imported, updated, rejected: 0, urlsDropped: 0, rejections: [] }),
    });
    return {
      bytesRead: 0,
      rowsRead: result.generated,
      imported: result.imported,
      updated: result.updated,
      rejected: 0,
      urlsDropped: 0,
      rejections: [],
    };
  }
}
