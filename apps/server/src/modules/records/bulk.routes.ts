import { countBulk, exportBulk, getBulkJob, startBulk, undoBulk } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function bulkRoutes(app: FastifyInstance) {
  const { bulk } = app.services;
  route(app, startBulk, async ({ auth, body }) => unwrap(await bulk.start(auth, body)));
  route(app, countBulk, async ({ auth, body }) => unwrap(await bulk.count(auth, body.selection)));
  route(app, getBulkJob, async ({ auth, params }) => unwrap(await bulk.get(auth, params.id)));
  route(app, exportBulk, async ({ auth, params }) => unwrap(await bulk.exportFile(auth, params.id)));
  route(app, undoBulk, async ({ auth, body }) => unwrap(await bulk.undo(auth, body.jobId)));
}
