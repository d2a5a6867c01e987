/** `lead-engine-export-<YYYY-MM-DD>-<rows>.csv` (contract), dated in UTC. */
export function exportFilename(completedAt: Date, rows: number): string {
  return `lead-engine-export-${completedAt.toISOString().slice(0, 10)}-${rows}.csv`;
}
