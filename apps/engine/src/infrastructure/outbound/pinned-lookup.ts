import type { LookupAddress } from 'node:dns';
import { isIP, LookupFunction } from 'node:net';

/** The host a connection is made to: the URL's hostname without the brackets of an IPv6 literal. */
export const connectHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** A lookup that answers with exactly the addresses the target guard checked, so a name cannot be rebound between check and connection. */
export function pinnedLookup(addresses: string[]): LookupFunction {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  };
}
