import ipaddr from 'ipaddr.js';

/** The WHATWG URL parser, in browsers and Node alike; core's lib (ES2023, no DOM or Node) lacks its type. */
declare const URL: new (input: string) => { readonly hostname: string };

/** A hook URL must be an http(s) address with a host (the podio hook is not checked, part 2 §5). */
const HOOK_URL = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * Whether an admin may save this hook URL: an http(s) address whose host is not a private, local or
 * special-purpose address. The host is judged after `new URL()`, which turns `2130706433`, `0x7f.1`
 * and `127.1` into `127.0.0.1` and `[::ffff:127.0.0.1]` into `[::ffff:7f00:1]`, as the sender will
 * see it. Names other than localhost are judged where it counts, at connect time, by the sender.
 */
export function isValidHookUrl(raw: string, opts: { allowPrivate?: boolean } = {}): boolean {
  return hookUrlProblem(raw, opts) === null;
}

/**
 * What is wrong with this hook URL, so the admin reads the right reason (issue 30 item 36):
 * 'invalid' when it is not an http(s) address with a host, 'private' when its host is a private,
 * local or special-purpose address (unless those are allowed), null when it may be saved.
 */
export function hookUrlProblem(
  raw: string,
  opts: { allowPrivate?: boolean } = {},
): 'invalid' | 'private' | null {
  const text = raw.trim();
  if (!HOOK_URL.test(text)) return 'invalid';
  let hostname: string;
  try {
    hostname = new URL(text).hostname;
  } catch {
    return 'invalid'; // e.g. a bracketed host that is not an IPv6 address
  }
  if (opts.allowPrivate === true || hostRefusal(hostname) === null) return null;
  return 'private';
}

/**
 * Why a hook may not go to this URL host (as `URL.hostname` gives it), or null when it is a DNS name
 * (its addresses are checked when connecting) or a global unicast address.
 */
export function hostRefusal(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return addressRefusal(host.slice(1, -1));
  // The URL parser has already turned every IPv4 form into four decimal parts.
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return addressRefusal(host);
  if (host === 'localhost' || host.endsWith('.localhost'))
    return 'localhost (loopback by definition, RFC 6761)';
  return null;
}

/** True only for global unicast addresses: the only ones a hook may reach. */
export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

/**
 * Why a hook may not be sent to this IP address, or null when it is global unicast. A positive
 * check on the parsed address: IPv4 must be what ipaddr.js calls 'unicast' (so not loopback,
 * private, CGNAT, link-local, multicast, broadcast, unspecified, documentation, benchmarking or
 * reserved); IPv6 must be 'unicast' inside 2000::/3 (so not ULA, link- or site-local, multicast,
 * documentation...). IPv6 forms that carry an IPv4 address are judged by that address too.
 * Only canonical text is taken (dotted quad, or IPv6): anything else is refused, not guessed at.
 */
export function addressRefusal(address: string): string | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipv4Refusal(ipaddr.IPv4.parse(address));
  // Zones never come from a URL or a DNS answer; one on a global address would mean nothing.
  if (address.includes('%')) return 'scoped address (zone id)';
  const hex = withoutDottedTail(address);
  if (hex === null || !ipaddr.IPv6.isValid(hex)) return 'not an IP address';
  return ipv6Refusal(ipaddr.IPv6.parse(hex));
}

/**
 * `::1.2.3.4` written with its last 32 bits in hex. ipaddr.js reads `::a.b.c.d` as IPv4-mapped
 * (::ffff:a.b.c.d), but it is IPv4-compatible (::/96), which is how inet_ntop (and so a DNS
 * answer) prints that address.
 */
function withoutDottedTail(address: string): string | null {
  const cut = address.lastIndexOf(':');
  const tail = address.slice(cut + 1);
  if (!tail.includes('.')) return address;
  if (cut < 0 || !ipaddr.IPv4.isValidFourPartDecimal(tail)) return null;
  const [a, b, c, d] = ipaddr.IPv4.parse(tail).octets as [number, number, number, number];
  return `${address.slice(0, cut + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

function ipv4Refusal(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  return range === 'unicast' ? null : `${range} ${ip.toString()}`;
}

const embeddedIpv4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL_USE = ipaddr.parseCIDR('64:ff9b:1::/48');

function ipv6Refusal(ip: ipaddr.IPv6): string | null {
  const p = ip.parts as [number, number, number, number, number, number, number, number];
  const last32 = embeddedIpv4(p[6], p[7]);
  const via = (form: string, v4: ipaddr.IPv4) => `${form} of ${ipv4Refusal(v4) ?? v4.toString()}`;

  // A socket to ::ffff:a.b.c.d or to the well-known NAT64 prefix reaches the IPv4 host behind it:
  // that host is what counts (DNS64 answers in 64:ff9b::/96 for every IPv4-only name).
  if (ip.isIPv4MappedAddress() || ip.match(NAT64_WELL_KNOWN)) {
    const why = ipv4Refusal(last32);
    return why && via(ip.isIPv4MappedAddress() ? 'IPv4-mapped' : 'NAT64', last32);
  }
  // Where the IPv4 sits in a local-use NAT64 prefix depends on the operator's prefix length.
  if (ip.match(NAT64_LOCAL_USE)) return 'local-use NAT64 (64:ff9b:1::/48)';
  if (p.slice(0, 6).every((w) => w === 0) && (p[6] !== 0 || p[7] > 1))
    return via('IPv4-compatible (deprecated)', last32);
  // Deprecated tunnels: a relay, not this server, decides where the packet goes. Refused outright,
  // naming the embedded IPv4 so the log says what was aimed at.
  if (ip.range() === '6to4') return via('6to4', embeddedIpv4(p[1], p[2]));
  if (ip.range() === 'teredo') return via('Teredo', embeddedIpv4(~p[6] & 0xffff, ~p[7] & 0xffff));

  const range = ip.range();
  if (range !== 'unicast') return `${range} ${ip.toString()}`;
  if (!ip.match(GLOBAL_UNICAST)) return `not global unicast ${ip.toString()}`;
  return null;
}
