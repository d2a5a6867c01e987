import { enrichmentFieldCost, EnrichmentFieldId } from '@lead-engine/contracts';

export interface EnrichmentCost {
  perRow: number;
  total: number;
  /** e.g. "120 rows × (opener 1 + custom_ps_line 2 + full_email 0) = 360 credits held" */
  explained: string;
}

/** Credits held up front: every requested cell of every row. */
export function enrichmentCost(rows: number, fields: readonly EnrichmentFieldId[]): EnrichmentCost {
  const perRow = fields.reduce((sum, field) => sum + enrichmentFieldCost(field), 0);
  const total = rows * perRow;
  const parts = fields.map((field) => `${field} ${enrichmentFieldCost(field)}`).join(' + ');
  const rowWord = rows === 1 ? 'row' : 'rows';
  return {
    perRow,
    total,
    explained: `${rows} ${rowWord} × (${parts}) = ${total} credit${total === 1 ? '' : 's'} held; cells left empty are refunded when the job finishes`,
  };
}

/** Credits given back for the empty cells of a finished job. */
export function enrichmentRefund(emptyCells: Partial<Record<EnrichmentFieldId, number>>): number {
  return Object.entries(emptyCells).reduce(
    (sum, [field, empty]) => sum + enrichmentFieldCost(field as EnrichmentFieldId) * (empty ?? 0),
    0,
  );
}
