/** How often one process notes a key's use: once per key per minute, so `last used` is at most this stale. */
export const API_KEY_USE_NOTE_MS = 60_000;

/** The name a key gets when nobody names it, e.g. "Key created 2026-11-26" (UTC). */
export function defaultApiKeyName(createdAt: Date): string {
  return `Key created ${createdAt.toISOString().slice(0, 10)}`;
}

/**
 * Which key uses one process passes on: the first use of a key in each period of `periodMs` (aligned to
 * the epoch, so minutes by default). Remembers at most `maxKeys` keys; beyond that it starts over, which
 * only means a few uses noted twice in a period.
 */
export class ApiKeyUseNotes {
  private readonly notedPeriod = new Map<string, number>();

  constructor(
    private readonly periodMs = API_KEY_USE_NOTE_MS,
    private readonly maxKeys = 10_000,
  ) {}

  /** True when this use is the first of its period for the key: pass it on. */
  note(keyId: string, nowMs: number): boolean {
    const period = Math.floor(nowMs / this.periodMs);
    if (this.notedPeriod.get(keyId) === period) return false;
    if (this.notedPeriod.size >= this.maxKeys && !this.notedPeriod.has(keyId)) this.notedPeriod.clear();
    this.notedPeriod.set(keyId, period);
    return true;
  }

  /** A use that could not be passed on is noted again by the key's next use. */
  forget(keyId: string): void {
    this.notedPeriod.delete(keyId);
  }
}
