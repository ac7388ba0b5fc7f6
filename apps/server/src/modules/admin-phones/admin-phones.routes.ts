import {
  forceRemovePhones,
  getSidPhones,
  listVoiceAccounts,
  removePhones,
  replacePhones,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function adminPhonesRoutes(app: FastifyInstance) {
  const { adminPhones } = app.services;
  route(app, listVoiceAccounts, () => adminPhones.listAccounts());
  route(app, getSidPhones, async ({ params }) => unwrap(await adminPhones.getSidPhones(params.sid)));
  route(app, removePhones, async ({ body, auth, client }) =>
    unwrap(await adminPhones.removePhones(auth, body, client)),
  );
  route(app, forceRemovePhones, async ({ body, auth, client }) =>
    unwrap(await adminPhones.removePhones(auth, body, client, true)),
  );
  route(app, replacePhones, async ({ body, auth, client }) =>
    unwrap(await adminPhones.replacePhones(auth, body, client)),
  );
}
