import { Injectable } from '@nestjs/common';
import { CsvLineEnds, NormalizedFilters } from '@lead-engine/core';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DataSource, EntityManager } from 'typeorm';
import { withPooledConnection } from '../../infrastructure/database/postgres-pool';
import { queryRows } from '../../infrastructure/database/query-rows';
import { JobRepository } from '../../infrastructure/jobs/job-repository';
import { EXPORT_CSV_SELECT_LIST } from './export-csv';

export type ExportStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface ExportRecord {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  /** The console user who started it, when it was started in the app. */
  userId: string | null;
  status: ExportStatus;
  filters: NormalizedFilters;
  requestedLimit: number;
  deliveryLimit: number;
  deliveredRows: number;
  creditsCharged: number;
  capped: boolean;
  note: string | null;
  filename: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

interface ExportRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  user_id: string | null;
  status: ExportStatus;
  filters: NormalizedFilters;
  requested_limit: number;
  delivery_limit: number;
  delivered_rows: number;
  credits_charged: number;
  capped: boolean;
  note: string | null;
  filename: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const toRecord = (row: ExportRow): ExportRecord => ({
  id: row.id,
  accountId: row.account_id,
  apiKeyId: row.api_key_id,
  userId: row.user_id,
  status: row.status,
  filters: row.filters,
  requestedLimit: row.requested_limit,
  deliveryLimit: row.delivery_limit,
  deliveredRows: row.delivered_rows,
  creditsCharged: row.credits_charged,
  capped: row.capped,
  note: row.note,
  filename: row.filename,
  createdAt: row.created_at,
  completedAt: row.completed_at,
});

export interface ExportDelivery {
  deliveredRows: number;
  capped: boolean;
  note: string | null;
  filename: string;
  completedAt: Date;
}

export interface CsvRecords {
  data: Buffer;
  rows: number;
}

/** `{1,2,3}`: COPY takes no parameters, so the seqs are written into its text, checked to be integers. */
function bigintArrayLiteral(values: ArrayLike<number>): string {
  const parts: string[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (!Number.isSafeInteger(value)) throw new Error(`not a seq: ${value}`);
    parts[i] = String(value);
  }
  return `{${parts.join(',')}}`;
}

/** Reads the export CSV records of the leads at some seqs; one read at a time. */
export type CsvReader = (seqs: ArrayLike<number>) => Promise<CsvRecords>;

/**
 * The export CSV records (CRLF, no header) of the leads at these seqs, in seq order, written by
 * PostgreSQL's COPY: no row objects here, only the bytes of one part.
 */
async function copyCsvRecords(client: PoolClient, seqs: ArrayLike<number>): Promise<CsvRecords> {
  if (seqs.length === 0) return { data: Buffer.alloc(0), rows: 0 };
  const copy = client.query(
    copyTo(`COPY (SELECT ${EXPORT_CSV_SELECT_LIST}
      FROM contacts c JOIN companies co ON co.id = c.company_id
      WHERE c.seq = ANY('${bigintArrayLiteral(seqs)}'::bigint[]) ORDER BY c.seq) TO STDOUT (FORMAT csv)`),
  );
  const lineEnds = new CsvLineEnds();
  const chunks: Uint8Array[] = [];
  for await (const chunk of copy) chunks.push(lineEnds.convert(chunk as Buffer));
  if (!lineEnds.complete) throw new Error('COPY ended inside a quoted field');
  return { data: Buffer.concat(chunks), rows: lineEnds.records };
}

@Injectable()
export class ExportsRepository extends JobRepository<ExportRow, ExportRecord> {
  constructor(dataSource: DataSource) {
    super(dataSource, { table: 'exports', columns: '*', toJob: toRecord, keepsStart: 'latest' });
  }

  async create(
    input: {
      id: string;
      accountId: string;
      apiKeyId: string | null;
      userId: string | null;
      filters: NormalizedFilters;
      requestedLimit: number;
      deliveryLimit: number;
    },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ExportRecord> {
    const rows = await queryRows<ExportRow>(
      manager,
      `INSERT INTO exports (id, account_id, api_key_id, user_id, filters, requested_limit, delivery_limit)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [input.id, input.accountId, input.apiKeyId, input.userId, JSON.stringify(input.filters), input.requestedLimit, input.deliveryLimit],
    );
    return toRecord(rows[0]);
  }

  /** False when the export had settled already. */
  async markFailed(manager: EntityManager, id: string, note: string): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `UPDATE exports SET status = 'failed', note = $2, completed_at = now() WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
      [id, note],
    );
    return rows.length === 1;
  }

  /**
   * New TOASTed values of this transaction (the file parts) compressed with lz4 when the server has it:
   * pglz, the default, takes about six times as long on CSV.
   */
  async compressFastInTransaction(manager: EntityManager): Promise<void> {
    await queryRows(
      manager,
      `SELECT set_config('default_toast_compression', CASE WHEN 'lz4' = ANY(enumvals) THEN 'lz4' ELSE setting END, true)
       FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
  }

  /**
   * Lends `work` a CsvReader on a connection of its own, so that PostgreSQL writes the next CSV part
   * while the delivering transaction stores the last one. The reader only reads contacts and companies,
   * which the transaction does not change. Take it before the transaction's connection: every export
   * takes the two in this order, so exports waiting for connections never hold one. A connection left
   * mid-COPY by a failure is closed, not returned to the pool.
   */
  async withCsvReader<T>(work: (read: CsvReader) => Promise<T>): Promise<T> {
    return withPooledConnection(this.dataSource, (client) => work((seqs) => copyCsvRecords(client, seqs)));
  }

  async appendFilePart(manager: EntityManager, id: string, part: number, data: Buffer): Promise<void> {
    await queryRows(manager, 'INSERT INTO export_file_parts (export_id, part, data) VALUES ($1, $2, $3)', [id, part, data]);
  }

  /** Completes the export inside the delivering transaction; false when it was no longer running. */
  async complete(manager: EntityManager, id: string, delivery: ExportDelivery): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `UPDATE exports SET status = 'completed', delivered_rows = $2, credits_charged = $2, capped = $3, note = $4, filename = $5, completed_at = $6
       WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, delivery.deliveredRows, delivery.capped, delivery.note, delivery.filename, delivery.completedAt],
    );
    return rows.length === 1;
  }

  async filePartCount(id: string): Promise<number> {
    const rows = await queryRows<{ parts: number }>(
      this.dataSource.manager,
      'SELECT count(*)::int AS parts FROM export_file_parts WHERE export_id = $1',
      [id],
    );
    return rows[0].parts;
  }

  async filePart(id: string, part: number): Promise<Buffer | null> {
    const rows = await queryRows<{ data: Buffer }>(
      this.dataSource.manager,
      'SELECT data FROM export_file_parts WHERE export_id = $1 AND part = $2',
      [id, part],
    );
    return rows[0]?.data ?? null;
  }
}
