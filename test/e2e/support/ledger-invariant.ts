import { Client } from 'pg';

export interface LedgerBreach {
  accountId: string;
  balance: number;
  totalEarned: number;
  totalSpent: number;
  ledgerEarned: number;
  ledgerSpent: number;
}

/** Every account: balance = total_earned - total_spent, and both totals equal what the ledger rows add up to. */
export async function findLedgerBreaches(databaseUrl: string): Promise<LedgerBreach[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`
      SELECT a.id, a.balance, a.total_earned, a.total_spent,
             COALESCE(SUM(l.amount) FILTER (WHERE l.kind = 'grant'), 0) AS ledger_earned,
             COALESCE(SUM(CASE l.kind WHEN 'spend' THEN l.amount WHEN 'hold' THEN l.amount WHEN 'refund' THEN -l.amount ELSE 0 END), 0) AS ledger_spent
      FROM accounts a LEFT JOIN credit_ledger l ON l.account_id = a.id
      GROUP BY a.id`);
    return rows
      .map((row) => ({
        accountId: row.id,
        balance: Number(row.balance),
        totalEarned: Number(row.total_earned),
        totalSpent: Number(row.total_spent),
        ledgerEarned: Number(row.ledger_earned),
        ledgerSpent: Number(row.ledger_spent),
      }))
      .filter(
        (row) =>
          row.balance !== row.totalEarned - row.totalSpent ||
          row.totalEarned !== row.ledgerEarned ||
          row.totalSpent !== row.ledgerSpent ||
          row.balance < 0,
      );
  } finally {
    await client.end();
  }
}

/**
 * The per-day summary the app charts from against a plain sum of the ledger: every (account, UTC day,
 * purpose, movement) whose summary row differs, or is missing, or has no ledger rows behind it.
 */
export async function findDaySummaryBreaches(databaseUrl: string): Promise<unknown[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`
      WITH plain AS (
        SELECT account_id, (created_at AT TIME ZONE 'UTC')::date AS day, purpose, kind AS movement, SUM(amount) AS amount, COUNT(*) AS entries
        FROM credit_ledger GROUP BY 1, 2, 3, 4)
      SELECT p.account_id AS ledger_account, d.account_id AS summary_account, p.day, d.day AS summary_day, p.purpose, p.movement,
             p.amount AS ledger_amount, d.amount AS summary_amount, p.entries AS ledger_entries, d.entries AS summary_entries
      FROM plain p FULL JOIN credit_ledger_days d USING (account_id, day, purpose, movement)
      WHERE p.amount IS DISTINCT FROM d.amount OR p.entries IS DISTINCT FROM d.entries`);
    return rows;
  } finally {
    await client.end();
  }
}

export async function expectLedgerInvariant(databaseUrl: string): Promise<void> {
  expect(await findLedgerBreaches(databaseUrl)).toEqual([]);
  expect(await findDaySummaryBreaches(databaseUrl)).toEqual([]);
}
