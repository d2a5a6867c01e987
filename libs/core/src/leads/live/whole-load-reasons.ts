import { baseSize, deltaSize, LiveLeadTable, MOST_DELTA_SHARE, mostDeltaContacts } from './live-lead-table';

/** What a live table was loaded at, and what the database holds now. */
export interface LeadDataPosition {
  /** Another dataset means another database's contacts altogether. */
  dataset: string;
  /** Moves with what no delta of contacts expresses: removals, a company's profile changed. */
  reloadVersion: string;
}

/**
 * Why the changes since a live table's version cannot be added to it as a delta, so the table is to
 * be loaded whole instead; null when a delta will do (see MOST_DELTA_SHARE for the largest).
 */
export function reasonToLoadWholeInstead(
  loaded: LeadDataPosition,
  baseSize: number,
  now: LeadDataPosition & { changedContacts: number },
): string | null {
  if (now.dataset !== loaded.dataset) return 'another dataset was loaded';
  if (now.reloadVersion !== loaded.reloadVersion) return 'contacts or companies were removed, or a company’s profile changed';
  if (now.changedContacts > mostDeltaContacts(baseSize))
    return `${now.changedContacts} contacts changed at once, more than ${MOST_DELTA_SHARE * 100}% of the table`;
  return null;
}

/** Why the live table is due to be merged (loaded whole) once its deltas hold this much; null when not yet. */
export function reasonToMerge(live: LiveLeadTable): string | null {
  return deltaSize(live) > mostDeltaContacts(baseSize(live))
    ? `changes since the load passed ${MOST_DELTA_SHARE * 100}% of the table`
    : null;
}
