import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { serverMessages } from '@prospector/core';
import type { FastifyInstance } from 'fastify';

/**
 * index.html names the current build's scripts, so a cached copy after a release would load scripts
 * that no longer exist: it is revalidated on every load. Vite's assets/ carry a hash of their content
 * in their name, so they never change and are cached for a year. Other files (favicon) for an hour.
 */
export function cacheControlFor(webDist: string, file: string): string {
  const relative = path.relative(webDist, file).split(path.sep).join('/');
  if (relative === 'index.html') return 'no-cache';
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app and answers client routes with index.html; unknown /api paths get 404 JSON.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The plugin's own header is one max-age for every file, sendFile's index.html included.
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', cacheControlFor(webDist, file)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      url.startsWith('/socket.io') ||
      !['GET', 'HEAD'].includes(req.method)
    )
      return reply.code(404).send({ code: 'NOT_FOUND', message: serverMessages.http.notFound });
    if (!hasWeb)
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm start` (it builds it) or `npm run build`.');
    return reply.sendFile('index.html');
  });
}
