/** Looks up the addresses of a host name; an empty list when there is no answer. */
export interface HostResolver {
  resolve(host: string): Promise<string[]>;
}

export const HOST_RESOLVER = Symbol('HostResolver');
