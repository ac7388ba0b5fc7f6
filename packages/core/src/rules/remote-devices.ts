import ipaddr from 'ipaddr.js';
import { addressRefusal } from './hooks.js';

/** The WHATWG URL parser, in browsers and Node alike; core's lib (ES2023, no DOM or Node) lacks its type. */
declare const URL: new (input: string) => {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
  readonly pathname: string;
};

/**
 * Why the server may not call a phone or Mac at this IP address (SMS Gateway local server mode,
 * BlueBubbles), or null when it may. Unlike a hook, a device lives on the team's own network, so
 * private ranges (10/8, 172.16/12, 192.168/16, CGNAT, IPv6 unique local) are allowed: that is the
 * point of local server mode (ADR 034). Loopback, link-local (where cloud metadata services answer,
 * 169.254.169.254), unspecified, multicast, broadcast and reserved ranges stay refused; loopback only
 * opens with `allowLoopback`, a test-only setting.
 */
export function deviceAddressRefusal(address: string, options: { allowLoopback: boolean }): string | null {
  if (ipaddr.isValid(address)) {
    let ip = ipaddr.parse(address);
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
      ip = (ip as ipaddr.IPv6).toIPv4Address();
    const range = ip.range();
    if (range === 'loopback') return options.allowLoopback ? null : `loopback ${ip.toString()}`;
    if (DEVICE_RANGES.has(range)) return null;
  }
  return addressRefusal(address);
}

/** The private ranges a device on the team's network may have, besides global unicast. */
const DEVICE_RANGES = new Set(['private', 'carrierGradeNat', 'uniqueLocal']);

/** The same judgement for a URL's host as written: a literal address or `localhost`; null for a name. */
export function deviceHostRefusal(hostname: string, options: { allowLoopback: boolean }): string | null {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return deviceAddressRefusal(host, options);
  if (host === 'localhost' || host.endsWith('.localhost'))
    return options.allowLoopback ? null : 'localhost (loopback by definition, RFC 6761)';
  return null;
}

/**
 * A device's base URL as the server will call it: http(s), no credentials, no query, no fragment,
 * trailing slashes removed. Null when it is not one.
 */
export function deviceBaseUrl(raw: string): string | null {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
