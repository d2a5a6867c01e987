import type { ContactImport } from '@lead-engine/contracts/console';

export type ContactImportStatus = ContactImport['status'];

export const number = new Intl.NumberFormat('en-US');

export const STATUS_LABELS: Record<ContactImportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

export const isActive = (status: ContactImportStatus) => status === 'queued' || status === 'running';

/** "two-bad-rows.csv" or "Generated 200". */
export const importSource = (contactImport: Pick<ContactImport, 'source' | 'filename' | 'requested_rows'>) =>
  contactImport.source === 'file'
    ? (contactImport.filename ?? 'Uploaded file')
    : `Generated ${number.format(contactImport.requested_rows ?? 0)}`;

/** How far the worker is, 0 to 100: bytes of the file read, or contacts generated of those asked for. */
export function importPercent(contactImport: ContactImport): number {
  if (contactImport.status === 'completed') return 100;
  const [done, whole] =
    contactImport.source === 'file'
      ? [contactImport.bytes_read, contactImport.total_bytes]
      : [contactImport.rows_read, contactImport.requested_rows];
  if (!whole) return 0;
  return Math.min(100, Math.floor((done / whole) * 100));
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "840 KB", "3.2 MB", "4 GB". */
export function byteWords(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${oneDecimal.format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${oneDecimal.format(bytes / 1024 ** 2)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "1.2 MB of 3.4 MB read" or "1,000 of 5,000 contacts written". */
export function progressWords(contactImport: ContactImport): string {
  if (contactImport.source === 'file') return `${byteWords(contactImport.bytes_read)} of ${byteWords(contactImport.total_bytes ?? 0)} read`;
  return `${number.format(contactImport.rows_read)} of ${number.format(contactImport.requested_rows ?? 0)} contacts written`;
}

/** What a screen reader hears when the status changes; the progress bar tells the rest. */
export function statusSentence(contactImport: ContactImport): string {
  switch (contactImport.status) {
    case 'queued':
      return 'Queued: waiting for a worker to start it.';
    case 'running':
      return 'Running.';
    case 'completed':
      return `Completed: ${countsWords(contactImport)}.`;
    case 'failed':
      return `Failed after ${countsWords(contactImport)}.`;
  }
}

const countsWords = (contactImport: ContactImport) =>
  `${number.format(contactImport.rows_read)} rows read, ${number.format(contactImport.imported)} imported, ${number.format(contactImport.updated)} updated, ${number.format(contactImport.rejected)} rejected`;
