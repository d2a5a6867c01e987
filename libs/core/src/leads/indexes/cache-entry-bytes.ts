/**
 * What a cache entry costs: its value, its key's characters (two bytes each: a key holds a query's
 * terms, so an entry with a small or no value is not free) and the map's own slot, about.
 */
export const cacheEntryBytes = (key: string, valueBytes: number): number => 64 + key.length * 2 + valueBytes;
