import {
  AVATAR_FILES_PATH,
  changeAvatar,
  editTeamAvatar,
  MAX_AVATAR_BYTES,
  messages,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAvatarStore } from '../../lib/avatar-store.js';
import { DomainError, unwrap } from '../../lib/errors.js';
import { readImageForm } from '../../lib/image-form.js';
import { bearerToken, route } from '../../lib/route.js';
import { createAvatarsService } from './avatars.service.js';

/** The form as sent: the one file part named `fileField` (its first 2 MB) and the text fields. */
async function readAvatarForm(req: FastifyRequest, fileField: string) {
  if (!req.isMultipart()) throw new DomainError('AVATAR_INVALID', {}, messages.avatars.missing);
  const { image: file, fields } = await readImageForm(req, MAX_AVATAR_BYTES, fileField);
  return { file, fields };
}

/**
 * Routes of the form with a multipart body go only to handlers registered with this constraint, so
 * the JSON PATCH /api/teams/editProfile of the settings module keeps its own handler.
 */
type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteHandler = NonNullable<ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>;
const multipartBody: ConstraintStrategy = {
  name: 'multipartBody',
  storage() {
    const handlers = new Map<unknown, RouteHandler>();
    return {
      get: (value) => handlers.get(value) ?? null,
      set: (value, handler) => {
        handlers.set(value, handler);
      },
    };
  },
  deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
    /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? '')) ? 'yes' : 'no',
};

/**
 * Avatars (registered after @fastify/multipart): the caller's own, the company's (the multipart form of
 * PATCH /api/teams/editProfile), and the files themselves, served without auth under random names.
 */
export async function avatarsRoutes(app: FastifyInstance) {
  const store = createAvatarStore(app.config.DATA_DIR);
  const avatars = createAvatarsService({ db: app.database.db, store, realtime: () => app.realtime });

  route(app, changeAvatar, async ({ auth, req }) => {
    const { file } = await readAvatarForm(req, 'avatar');
    return unwrap(await avatars.changeOwn(auth, file));
  });

  if (!app.hasConstraintStrategy(multipartBody.name)) app.addConstraintStrategy(multipartBody);
  app.route({
    method: editTeamAvatar.method,
    url: editTeamAvatar.path,
    constraints: { multipartBody: 'yes' },
    schema: { response: { 200: editTeamAvatar.response } },
    // As route() does for every authenticated call: 401 before anything is read.
    onRequest: async (req) => {
      const auth = await app.services.auth.authenticate(bearerToken(req));
      if (!auth) throw new DomainError('UNAUTHENTICATED');
      req.auth = auth;
    },
    handler: async (req) => {
      const { file, fields } = await readAvatarForm(req, 'img');
      return unwrap(await avatars.changeCompany(req.auth!, file, fields['name']));
    },
  });

  app.get<{ Params: { name: string } }>(`${AVATAR_FILES_PATH}/:name`, async (req, reply) => {
    const found = await store.open(req.params.name);
    if (!found) throw new DomainError('NOT_FOUND');
    return reply
      .type(found.contentType)
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.stream);
  });
}
