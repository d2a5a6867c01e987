import ipaddr from 'ipaddr.js';

// Every IP notation is made of these characters; most host names are not, and are answered at once.
const MAYBE_IP = /^[0-9a-fx.:%]+$/i;

export interface AddressClass {
  /** The address in canonical form (IPv4-mapped IPv6 folded to its IPv4 address). */
  address: string;
  family: 4 | 6;
  /** ipaddr.js range name: `unicast` for globally routable, else e.g. `loopback`, `private`, `linkLocal`. */
  range: string;
  /** Only globally routable unicast addresses may be scraped while private networks are refused. */
  public: boolean;
}

/**
 * Classifies an IP literal in any notation it can be written in (dotted, decimal `2130706433`, octal
 * `0177.0.0.1`, hex `0x7f000001`, short `127.1`, bracketed or IPv4-mapped IPv6 `::ffff:127.0.0.1`);
 * null when the text is no IP literal at all. Everything but ordinary unicast is refused: loopback,
 * RFC 1918, unique-local fc00::/7 (so fd00:ec2::254), link-local (so 169.254.169.254), CGNAT,
 * multicast, unspecified, broadcast, reserved and the IPv6 ranges that embed IPv4 (NAT64, 6to4, Teredo).
 */
export function classifyAddress(text: string): AddressClass | null {
  const literal = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!MAYBE_IP.test(literal) || !ipaddr.isValid(literal)) return null;
  const parsed = ipaddr.process(literal);
  const range = parsed.range();
  return { address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6, range, public: range === 'unicast' };
}
