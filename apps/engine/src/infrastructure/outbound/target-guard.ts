import { Inject, Injectable } from '@nestjs/common';
import { AddressClass, classifyAddress, ScrapeObservation } from '@lead-engine/core';
import { BlockList } from 'node:net';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../tokens';
import { HOST_RESOLVER, HostResolver } from './host-resolver.port';

/** Where a request may go: the checked addresses to connect to, or null when the forward proxy resolves the name. */
export type TargetCheck = { allowed: true; addresses: string[] | null } | { allowed: false; observation: ScrapeObservation };

/**
 * The SSRF policy, applied to every hop before it is requested. Names are resolved here, every answer
 * is checked, and only the checked addresses are handed to the connection (see site-http-client), so
 * the name cannot be rebound between the check and the connection. A name with any refused answer is
 * refused as a whole. Through a proxy only literal addresses can be checked; the proxy resolves names.
 */
@Injectable()
export class TargetGuard {
  private readonly allowedNetworks = new BlockList();

  constructor(
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    @Inject(HOST_RESOLVER) private readonly resolver: HostResolver,
  ) {
    for (const cidr of (config.SCRAPE_ALLOWED_NETWORKS ?? '').split(',').filter((part) => part.trim())) {
      const [network, prefix] = cidr.trim().split('/');
      this.allowedNetworks.addSubnet(network, Number(prefix), network.includes(':') ? 'ipv6' : 'ipv4');
    }
  }

  private refused(address: AddressClass): boolean {
    if (address.public || this.config.SCRAPE_ALLOW_PRIVATE_NETWORKS) return false;
    return !this.allowedNetworks.check(address.address, address.family === 6 ? 'ipv6' : 'ipv4');
  }

  /** With `direct`, the request will not go through SCRAPE_PROXY_URL, so names are resolved and checked here whatever it says. */
  async check(url: URL, { direct = false }: { direct?: boolean } = {}): Promise<TargetCheck> {
    const viaProxy = !direct && Boolean(this.config.SCRAPE_PROXY_URL);
    const host = url.hostname;
    const literal = classifyAddress(host);
    if (literal) {
      if (this.refused(literal)) {
        return { allowed: false, observation: { kind: 'refused-address', host, address: literal.address, range: literal.range } };
      }
      return { allowed: true, addresses: viaProxy ? null : [literal.address] };
    }
    if (viaProxy) return { allowed: true, addresses: null };

    const addresses = await this.resolver.resolve(host);
    if (addresses.length === 0) return { allowed: false, observation: { kind: 'no-dns-answer', host } };
    const checked: string[] = [];
    for (const answer of addresses) {
      const address = classifyAddress(answer);
      if (!address) return { allowed: false, observation: { kind: 'no-dns-answer', host } };
      if (this.refused(address)) {
        return { allowed: false, observation: { kind: 'refused-address', host, address: address.address, range: address.range } };
      }
      checked.push(address.address);
    }
    return { allowed: true, addresses: checked };
  }
}
