import type { CompanyImport } from '@lead-engine/core';

/**
 * A copy of a string that shares no memory with the text it was cut from: the CSV reader slices fields
 * out of megabyte pieces of the file, and a remembered slice would keep its whole piece alive.
 */
export const detached = (value: string): string => (' ' + value).slice(1);

export function detachedCompany(company: CompanyImport): CompanyImport {
  const copy = { ...company };
  for (const key of Object.keys(copy) as Array<keyof CompanyImport>) {
    const value = copy[key];
    if (typeof value === 'string') (copy as Record<string, unknown>)[key] = detached(value);
  }
  return copy;
}
