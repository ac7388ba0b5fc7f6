import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A device token is `dv1.<device id>.<HMAC of id and version>`: nothing secret is stored, a removed
 * device's tokens stop working with its row, and bumping the version revokes every earlier download.
 */
export function deviceToken(secret: string, deviceId: string, version: number): string {
  return `dv1.${deviceId}.${mac(secret, deviceId, version)}`;
}

export function parseDeviceToken(token: string): { deviceId: string; signature: string } | null {
  const [prefix, deviceId, signature, ...rest] = token.split('.');
  if (prefix !== 'dv1' || !deviceId || !signature || rest.length) return null;
  if (!/^[0-9a-f-]{36}$/i.test(deviceId)) return null;
  return { deviceId, signature };
}

export function tokenMatches(secret: string, deviceId: string, version: number, signature: string): boolean {
  const expected = Buffer.from(mac(secret, deviceId, version));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function mac(secret: string, deviceId: string, version: number): string {
  return createHmac('sha256', secret).update(`device:${deviceId}:${version}`).digest('base64url');
}
