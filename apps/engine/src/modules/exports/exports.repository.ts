import { Injectable } from '@nestjs/common';
import { isUuid, NormalizedFilters } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export type ExportStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface ExportRecord {
  id: string;
  accountId: string;
  apiKeyId: string | null;
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

@Injectable()
export class ExportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(input: {
    id: string;
    accountId: string;
    apiKeyId: string;
    filters: NormalizedFilters;
    requestedLimit: number;
    deliveryLimit: number;
  }): Promise<ExportRecord> {
    const rows = await queryRows<ExportRow>(
      this.dataSource.manager,
      `INSERT INTO exports (id, account_id, api_key_id, filters, requested_limit, delivery_limit)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [input.id, input.accountId, input.apiKeyId, JSON.stringify(input.filters), input.requestedLimit, input.deliveryLimit],
    );
    return toRecord(rows[0]);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<ExportRecord | null> {
    const rows = await queryRows<ExportRow>(manager, 'SELECT * FROM exports WHERE id = $1', [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findForAccount(accountId: string, id: string): Promise<ExportRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await queryRows<ExportRow>(this.dataSource.manager, 'SELECT * FROM exports WHERE id = $1 AND account_id = $2', [
      id,
      accountId,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async listRecent(accountId: string, limit: number): Promise<ExportRecord[]> {
    const rows = await queryRows<ExportRow>(
      this.dataSource.manager,
      'SELECT * FROM exports WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
      [accountId, limit],
    );
    return rows.map(toRecord);
  }

  /** Ids of exports not finished, oldest first: after a restart they are queued again. */
  async unfinishedIds(limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource.manager,
      `SELECT id FROM exports WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  async markRunning(id: string): Promise<void> {
    await queryRows(
      this.dataSource.manager,
      `UPDATE exports SET status = 'running', attempts = attempts + 1, started_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
      [id],
    );
  }

  async markFailed(id: string, note: string): Promise<void> {
    await queryRows(
      this.dataSource.manager,
      `UPDATE exports SET status = 'failed', note = $2, completed_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
      [id, note],
    );
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
