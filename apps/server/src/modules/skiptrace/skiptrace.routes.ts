import {
  cancelListSkiptrace,
  getListSkiptrace,
  getPropertySkiptrace,
  skiptraceList,
  skiptraceProperty,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function skiptraceRoutes(app: FastifyInstance) {
  const { skiptrace } = app.services;
  route(app, skiptraceList, async ({ auth, body }) =>
    unwrap(await skiptrace.startList(auth, body.listId, body.type)),
  );
  route(app, getListSkiptrace, async ({ auth, params }) =>
    unwrap(await skiptrace.listState(auth, params.listId)),
  );
  route(app, cancelListSkiptrace, async ({ auth, body }) =>
    unwrap(await skiptrace.cancelList(auth, body.listId)),
  );
  route(app, skiptraceProperty, async ({ auth, body }) =>
    unwrap(await skiptrace.traceProperty(auth, body.propId, body.type)),
  );
  route(app, getPropertySkiptrace, async ({ auth, params }) =>
    unwrap(await skiptrace.propertyState(auth, params.propId)),
  );
}
