import type { Harness } from './harness';

export type JobKind = 'scrape' | 'enrichment';

const TABLES: Record<JobKind, { jobs: string; rows: string }> = {
  scrape: { jobs: 'scrape_jobs', rows: 'scrape_job_items' },
  enrichment: { jobs: 'enrichment_jobs', rows: 'enrichment_rows' },
};

/** What a refused or free call must leave alone: an account's ledger, its jobs of one kind and their rows, and its balance. */
export async function accountFootprint(harness: Harness, kind: JobKind, accountId: string) {
  const { jobs, rows } = TABLES[kind];
  const [footprint] = await harness.query<{ ledger: number; jobs: number; rows: number; balance: number }>(
    `SELECT (SELECT count(*) FROM credit_ledger WHERE account_id = $1)::int AS ledger,
            (SELECT count(*) FROM ${jobs} WHERE account_id = $1)::int AS jobs,
            (SELECT count(*) FROM ${rows} r JOIN ${jobs} j ON j.id = r.job_id WHERE j.account_id = $1)::int AS rows,
            (SELECT balance FROM accounts WHERE id = $1)::float8 AS balance`,
    [accountId],
  );
  return footprint;
}

/** A job's lines in the credit ledger, oldest first, with the key or user each is in the name of. */
export const jobLedger = (harness: Harness, kind: JobKind, jobId: string) =>
  harness.query<{ kind: string; amount: number; api_key_id: string | null; user_id: string | null }>(
    `SELECT kind, amount::int AS amount, api_key_id, user_id FROM credit_ledger WHERE reference = $1 ORDER BY created_at, id`,
    [`${kind}:${jobId}`],
  );
