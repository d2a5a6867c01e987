import { AddressClass, classifyAddress, ScrapeObservation } from '@lead-engine/core';
import { BlockList } from 'node:net';
import type { EngineConfig } from '../../config/engine-config.schema';
import type { HostResolver } from './host-resolver.port';

/** Where a request may go: the checked addresses to connect to, or null when the forward proxy resolves the name. */
export type TargetCheck = { allowed: true; addresses: string[] | null } | { allowed: false; observation: ScrapeObservation };

/** What one kind of outbound traffic may reach besides public addresses, and whether it goes through a forward proxy. */
export interface TargetPolicy {
  allowPrivateNetworks: boolean;
  /** Comma-separated CIDR ranges allowed although they are not public. */
  allowedNetworks?: string;
  proxied: boolean;
}

/** Site reads: the SCRAPE_* settings, through SCRAPE_PROXY_URL when it is set. */
export const scrapeTargetPolicy = (config: EngineConfig): TargetPolicy => ({
  allowPrivateNetworks: config.SCRAPE_ALLOW_PRIVATE_NETWORKS,
  allowedNetworks: config.SCRAPE_ALLOWED_NETWORKS,
  proxied: Boolean(config.SCRAPE_PROXY_URL),
});

/** Webhook endpoints: the WEBHOOK_* settings (opening the scraper's networks does not open them), always direct. */
export const webhookTargetPolicy = (config: EngineConfig): TargetPolicy => ({
  allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  allowedNetworks: config.WEBHOOK_ALLOWED_NETWORKS,
  proxied: false,
});

/** The guard of webhook endpoints; the TargetGuard class itself is injected as the scraper's. */
export const WEBHOOK_TARGET_GUARD = Symbol('WebhookTargetGuard');

/** Why a check refused, in a sentence for an API answer or a delivery's error. */
export function refusalReason(observation: ScrapeObservation): string {
  switch (observation.kind) {
    case 'refused-address':
      return `${observation.host} is ${observation.address} (${observation.range}), not a public address`;
    case 'no-dns-answer':
      return `${observation.host} has no address`;
    default:
      return observation.kind;
  }
}

/**
 * The SSRF policy, applied to every hop before it is requested. Names are resolved here, every answer
 * is checked, and only the checked addresses are handed to the connection (see site-http-client), so
 * the name cannot be rebound between the check and the connection. A name with any refused answer is
 * refused as a whole. Through a proxy only literal addresses can be checked; the proxy resolves names.
 */
export class TargetGuard {
  private readonly allowedNetworks = new BlockList();

  constructor(
    private readonly policy: TargetPolicy,
    private readonly resolver: HostResolver,
  ) {
    for (const cidr of (policy.allowedNetworks ?? '').split(',').filter((part) => part.trim())) {
      const [network, prefix] = cidr.trim().split('/');
      this.allowedNetworks.addSubnet(network, Number(prefix), network.includes(':') ? 'ipv6' : 'ipv4');
    }
  }

  private refused(address: AddressClass): boolean {
    if (address.public || this.policy.allowPrivateNetworks) return false;
    return !this.allowedNetworks.check(address.address, address.family === 6 ? 'ipv6' : 'ipv4');
  }

  async check(url: URL): Promise<TargetCheck> {
    const host = url.hostname;
    const literal = classifyAddress(host);
    if (literal) {
      if (this.refused(literal)) {
        return { allowed: false, observation: { kind: 'refused-address', host, address: literal.address, range: literal.range } };
      }
      return { allowed: true, addresses: this.policy.proxied ? null : [literal.address] };
    }
    if (this.policy.proxied) return { allowed: true, addresses: null };

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
