import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@prospector/core';
import type { FastifyInstance } from 'fastify';

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
      maxAge: '1h',
      immutable: false,
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
      return reply.code(404).send({ code: 'NOT_FOUND', message: messages.http.notFound });
    if (!hasWeb)
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm start` (it builds it) or `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
