/** "1 contact", "1,108 contacts": a filter value's count as the dropdowns show it. */
export function contactCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`;
}
