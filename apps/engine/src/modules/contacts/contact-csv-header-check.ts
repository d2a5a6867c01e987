import { DomainError } from '@lead-engine/core';
import { ContactCsvBatcher, ContactCsvHeaderError } from './contact-csv-batch';

/**
 * Refuses, with INVALID_CSV, a contacts CSV whose header row (the file's start up to its first line end)
 * the import would refuse: an upload is told at once rather than by a failed import later.
 */
export function checkContactCsvHeader(headerLine: Buffer): void {
  const batcher = new ContactCsvBatcher();
  try {
    batcher.push(headerLine.toString('latin1'));
    batcher.end();
  } catch (error) {
    if (error instanceof ContactCsvHeaderError) throw new DomainError('INVALID_CSV', error.message);
    throw error;
  }
}
