import { cacheEntryBytes } from '../indexes/cache-entry-bytes';
import type { LeadTable } from './lead-table';
import type { RowBitmap } from '../indexes/row-bitmap';

const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Row bitmaps that take a pass over every row to build (keyword filters, read through each row's
 * company), kept per table within a byte budget, least recently used first out: a browse after a
 * count, and every further page, asks for the same ones. A reloaded table starts with none.
 */
class RowBitmapCache {
  /** Keys (which hold a query's terms) count toward the budget: an entry without a bitmap is not free. */
  private readonly entries = new Map<string, RowBitmap | null>();
  private bytes = 0;

  get(key: string, build: () => RowBitmap | null): RowBitmap | null {
    if (this.entries.has(key)) {
      const hit = this.entries.get(key) as RowBitmap | null;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const built = build();
    const size = cacheEntryBytes(key, built?.byteLength ?? 0);
    if (size > CACHE_BYTES) return built;
    while (this.bytes + size > CACHE_BYTES) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, RowBitmap | null];
      this.entries.delete(oldestKey);
      this.bytes -= cacheEntryBytes(oldestKey, oldest?.byteLength ?? 0);
    }
    this.entries.set(key, built);
    this.bytes += size;
    return built;
  }
}

const caches = new WeakMap<LeadTable, RowBitmapCache>();

/** The table's bitmap for `key`, built once; callers must not change it. */
export function cachedRows(table: LeadTable, key: string, build: () => RowBitmap | null): RowBitmap | null {
  let cache = caches.get(table);
  if (cache === undefined) {
    cache = new RowBitmapCache();
    caches.set(table, cache);
  }
  return cache.get(key, build);
}
