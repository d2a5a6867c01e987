const count = new Intl.NumberFormat('en-US');

function plural(amount: number, one: string, many: string): string {
  return `${count.format(amount)} ${amount === 1 ? one : many}`;
}

/** A filename longer than this is left out of an enrichment's summary: the summary is one line in a list. */
export const SUMMARY_FILENAME_MAX = 32;

export type JobSummaryFacts =
  | { type: 'export'; status: 'queued' | 'running' | 'completed' | 'failed'; requestedLimit: number; deliveredRows: number }
  | { type: 'scrape'; total: number; done: number; ok: number }
  | { type: 'enrichment'; rows: number; fields: number; filename: string };

/**
 * What a job is, in words, for one line of the Jobs page: "1,204 of 5,000 rows" (an export once it
 * delivered, "up to 5,000 rows" before), "12 sites, 3 without text", "leads.csv: 120 rows × 2 fields".
 */
export function describeJob(job: JobSummaryFacts): string {
  switch (job.type) {
    case 'export':
      return job.status === 'completed'
        ? `${count.format(job.deliveredRows)} of ${plural(job.requestedLimit, 'row', 'rows')}`
        : `up to ${plural(job.requestedLimit, 'row', 'rows')}`;
    case 'scrape': {
      const withoutText = job.done - job.ok;
      return withoutText > 0
        ? `${plural(job.total, 'site', 'sites')}, ${count.format(withoutText)} without text`
        : plural(job.total, 'site', 'sites');
    }
    case 'enrichment': {
      const size = `${plural(job.rows, 'row', 'rows')} × ${plural(job.fields, 'field', 'fields')}`;
      const filename = job.filename.trim();
      return filename && [...filename].length <= SUMMARY_FILENAME_MAX ? `${filename}: ${size}` : size;
    }
  }
}

/** Percent done as a whole number: 100 once completed and never before, so a nearly finished job does not look done. */
export function jobProgressPercent(percent: number, completed: boolean): number {
  if (completed) return 100;
  return Math.max(0, Math.min(99, Math.round(percent)));
}
