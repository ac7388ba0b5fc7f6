import { editStatusCallSettings, getStatusCallSettings } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Settings > Statuses' call settings of each status. */
export async function statusCallSettingsRoutes(app: FastifyInstance) {
  const { statusCallSettings } = app.services;
  route(app, getStatusCallSettings, async ({ auth }) => unwrap(await statusCallSettings.list(auth)));
  route(app, editStatusCallSettings, async ({ auth, body }) =>
    unwrap(await statusCallSettings.edit(auth, body)),
  );
}
