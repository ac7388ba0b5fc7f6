import { adminAddCredits, hijack, switchToUser } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function adminRoutes(app: FastifyInstance) {
  const { admin } = app.services;
  route(app, hijack, async ({ body, auth, client }) => unwrap(await admin.hijack(auth, body.name, client)));
  route(app, switchToUser, async ({ body, auth, client }) =>
    unwrap(await admin.switchToUser(auth, body.teamId, client)),
  );
  route(app, adminAddCredits, async ({ body, auth, client }) =>
    unwrap(await admin.addCredits(auth, body, client)),
  );
}
