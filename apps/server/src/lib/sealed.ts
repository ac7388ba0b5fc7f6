import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again (a BlueBubbles password, a phone's local-server password, a
 * webhook signing key), sealed with AES-256-GCM under a key derived from the app's secret: a copy of
 * the database alone does not give them away. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function seal(appSecret: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(appSecret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed value, or null when it was sealed under another secret or tampered with. */
export function unseal<T>(appSecret: string, sealed: string): T | null {
  const [version, iv, tag, data, ...rest] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data || rest.length) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as T;
  } catch {
    return null;
  }
}

function key(appSecret: string): Buffer {
  return createHash('sha256').update(`sealed-secrets:${appSecret}`).digest();
}
