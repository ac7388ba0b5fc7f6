import { getCustomFields, updateCustomFields } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Settings > Data Fields: read and save one entity's sections and fields. */
export async function dataFieldsRoutes(app: FastifyInstance) {
  const { dataFields } = app.services;
  route(app, getCustomFields, async ({ auth, query }) => unwrap(await dataFields.get(auth, query.type)));
  route(app, updateCustomFields, async ({ auth, body }) =>
    unwrap(await dataFields.update(auth, body.type, body.sections)),
  );
}
