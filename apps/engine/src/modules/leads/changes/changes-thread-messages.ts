import type { LeadDataPosition, TransferableLeadTable } from '@lead-engine/core';

/** What the changes are read for: the version a live table answers at, where it was loaded, and its base's size. */
export interface ReadChangesRequest {
  /** The number after the colon of the table's lead data version. */
  sinceVersion: number;
  loaded: LeadDataPosition;
  baseSize: number;
}

/** The changes since the version asked for, as a delta built over a company store of its own (see adoptDelta). */
export interface ReadChanges {
  /** The lead data version the changes bring the table to. */
  dataVersion: string;
  /** Why the table is to be loaded whole instead (nothing was read then); null when the delta holds the changes. */
  loadWholeBecause: string | null;
  /** One segment over its own store; null when no contact changed or the table is to be loaded whole. */
  delta: TransferableLeadTable | null;
  /** Milliseconds the thread took, from the request to the delta built. */
  ms: number;
}

export type ChangesThreadMessage = { read: ReadChanges } | { error: { message: string } };
