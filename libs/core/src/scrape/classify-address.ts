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
 * multicast, unspecified, broadcast, reserved and the IPv6 ranges that embed IPv4 (NAT64, 6to4, Teredo,
 * and IPv4-compatible `::/96` such as `::7f00:1`, `::127.0.0.1`, `::a9fe:a9fe`).
 */
export function classifyAddress(text: string): AddressClass | null {
  const literal = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!MAYBE_IP.test(literal) || !ipaddr.isValid(literal)) return null;
  const compatible = inIpv4CompatibleRange(literal);
  if (compatible) {
    // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
    const range = ['unspecified', 'loopback'].includes(compatible.range()) ? compatible.range() : 'ipv4Compatible';
    return { address: compatible.toString(), family: 6, range, public: false };
  }
  const parsed = ipaddr.process(literal);
  const range = parsed.range();
  return { address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6, range, public: range === 'unicast' };
}

/**
 * The address when it lies in `::/96`, else null. Besides `::` and `::1` that is IPv4-compatible IPv6
 * (deprecated by RFC 4291), which some stacks route to the embedded IPv4 address. ipaddr.js calls the
 * hex form (`::7f00:1`) unicast and reads the dotted form (`::8.8.8.8`) as IPv4-mapped, so the range is
 * recognized here, on the address's own sixteen bytes.
 */
function inIpv4CompatibleRange(literal: string): ipaddr.IPv6 | null {
  if (!literal.includes(':')) return null;
  let parts: number[];
  if (literal.includes('.')) {
    const lastColon = literal.lastIndexOf(':');
    const tail = literal.slice(lastColon + 1);
    if (!ipaddr.IPv4.isValidFourPartDecimal(tail)) return null;
    const [a, b, c, d] = ipaddr.IPv4.parse(tail).octets;
    const head = ipaddr.IPv6.parse(`${literal.slice(0, lastColon + 1)}0:0`).parts.slice(0, 6);
    parts = [...head, (a << 8) | b, (c << 8) | d];
  } else {
    parts = ipaddr.IPv6.parse(literal).parts;
  }
  return parts.slice(0, 6).every((part) => part === 0) ? new ipaddr.IPv6(parts) : null;
}
