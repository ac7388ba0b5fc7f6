import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Where the web app loads images from besides itself: company logos come from Google's favicon service. */
const IMAGE_HOSTS = ['https://www.google.com', 'https://*.gstatic.com'];

/**
 * The security headers of every answer (ADR 010), through helmet: a Content Security Policy
 * that lets the built web app run and nothing else (its own scripts only, no inline script), no
 * framing, no MIME sniffing, no referrer, and HSTS only when the server is reached over https (on plain
 * http a browser would ignore it, and a LAN install must not be pinned to https it does not have).
 */
export function securityHeaders(
  publicUrl: string,
  opts: { twilioVoice?: boolean; stripe?: boolean; mapTileUrl?: string } = {},
): HelmetOptions {
  const url = new URL(publicUrl);
  const tiles = opts.mapTileUrl ? [tileOrigin(opts.mapTileUrl)] : [];
  const https = url.protocol === 'https:';
  // Socket.IO's WebSocket: CSP 3 counts same-origin ws: and wss: as 'self'; older Safari does not.
  const socketOrigin = `${https ? 'wss' : 'ws'}://${url.host}`;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        // With Stripe configured, card entry loads Stripe.js and its frames from Stripe (never bundled).
        'script-src': ["'self'", ...(opts.stripe ? ['https://js.stripe.com'] : [])],
        'script-src-attr': ["'none'"],
        // Mantine writes its theme into <style> elements at run time (no nonce for a static index.html).
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...IMAGE_HOSTS, ...tiles],
        'font-src': ["'self'", 'data:'],
        // With Twilio configured, the dialler's voice client (the Voice SDK) signals over Twilio's hosts.
        'connect-src': [
          "'self'",
          socketOrigin,
          ...(opts.twilioVoice ? ['https://*.twilio.com', 'wss://*.twilio.com'] : []),
          ...(opts.stripe ? ['https://api.stripe.com'] : []),
        ],
        // Voicemails play from object URLs (fetched with the token), tones from the app itself.
        'media-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(opts.stripe ? { 'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/**
 * Sets the headers on every answer (404s and errors included) through one helmet middleware built
 * at start. @fastify/helmet builds it again for every request, parsing the whole policy each time
 * (7% of an authenticated health check's CPU, bench/), which pays only for per-route options and
 * nonces; we use neither.
 */
export function applySecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );
}

/**
 * The origin a Leaflet map's tiles come from (MAP_TILE_URL), as a CSP source: a `{s}` subdomain
 * placeholder becomes a wildcard, any other placeholder in the host is not allowed by the config.
 */
export function tileOrigin(template: string): string {
  const { protocol, host } = new URL(template.replace('{s}', 'tile-subdomain').replace(/\{[a-z]+\}/g, '0'));
  const origin = `${protocol}//${host}`;
  return template.includes('{s}') ? origin.replace('tile-subdomain', '*') : origin;
}
