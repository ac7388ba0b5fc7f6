/** A hook URL must be an http(s) address with a host (the podio hook is not checked, part 2 §5). */
const HOOK_URL = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export function isValidHookUrl(raw: string): boolean {
  return HOOK_URL.test(raw.trim());
}

function ipv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const nums = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return nums.every((n) => n >= 0 && n <= 255) ? nums : null;
}

/**
 * Addresses a hook may never be sent to (unless a developer allows it): loopback, private networks,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast and
 * reserved ranges, in IPv4, IPv6 and IPv4-mapped IPv6.
 */
export function isPrivateAddress(address: string): boolean {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  const v4 = ipv4(mapped ? mapped[1]! : a);
  if (v4) {
    const [x, y] = v4 as [number, number, number, number];
    return (
      x === 0 ||
      x === 10 ||
      x === 127 ||
      (x === 100 && y >= 64 && y <= 127) ||
      (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 198 && (y === 18 || y === 19)) ||
      x >= 224
    );
  }
  if (!a.includes(':')) return true; // not an IP address at all: refuse rather than guess
  return (
    a === '::' ||
    a === '::1' ||
    a.startsWith('fc') ||
    a.startsWith('fd') ||
    /^fe[89ab]/.test(a) ||
    a.startsWith('ff')
  );
}
