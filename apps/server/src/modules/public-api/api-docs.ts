import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { serverMessages } from '@prospector/core';

/** Scalar's browser build (its standalone script and the chunks it loads), served from node_modules. */
const SCALAR_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Prospector API reference</title>
  </head>
  <body>
    <div id="prospector-api"></div>
    <script src="/api/v1/docs/assets/standalone.js"></script>
    <script src="/api/v1/docs/init.js"></script>
  </body>
</html>
`;

// An external script, not an inline one: the product's CSP allows scripts from 'self' only.
const INIT = `Scalar.createApiReference('#prospector-api', {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  // Scalar's default fonts come from its own host, which the CSP refuses: the system's fonts instead.
  customCss: ':root, .scalar-app, .light-mode, .dark-mode { --scalar-font: system-ui, -apple-system, "Segoe UI", sans-serif; --scalar-font-code: ui-monospace, Menlo, Consolas, monospace; }',
  hideClientButton: true,
});
`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The API reference page at /api/v1/docs (ADR 043): Scalar renders the OpenAPI document under the
 * product's own Content Security Policy (scripts from 'self', no inline script, no outside fonts).
 */
export async function registerApiDocs(app: FastifyInstance) {
  app.get('/api/v1/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/api/v1/docs/init.js', async (_req, reply) => reply.type(TYPES['.js']!).send(INIT));
  app.get<{ Params: { '*': string } }>('/api/v1/docs/assets/*', async (req, reply) => {
    const file = path.resolve(SCALAR_DIR, req.params['*']);
    const type = TYPES[path.extname(file)];
    if (!file.startsWith(SCALAR_DIR + path.sep) || !type)
      return reply.code(404).send({ code: 'NOT_FOUND', message: serverMessages.http.notFound });
    try {
      const body = await readFile(file);
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    } catch {
      return reply.code(404).send({ code: 'NOT_FOUND', message: serverMessages.http.notFound });
    }
  });
}
