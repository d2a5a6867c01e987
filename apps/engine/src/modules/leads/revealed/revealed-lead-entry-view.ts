import type { RevealedLeadEntry } from '@lead-engine/contracts';
import { toRevealedLead } from '../lead-rows';
import type { RevealedLeadRow } from './revealed-leads.repository';

export function toRevealedLeadEntry(row: RevealedLeadRow): RevealedLeadEntry {
  return {
    ...toRevealedLead(row),
    revealedAt: row.revealed_at.toISOString(),
    revealedThrough: row.source,
    exportId: row.source === 'export' ? row.reference.slice('export:'.length) : null,
    reference: row.reference,
    revealedBy: {
      key: row.key_id ? { id: row.key_id, name: row.key_name ?? '', prefix: row.key_prefix ?? '' } : null,
      user: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
    },
  };
}
