import { getMe, login, logout, sendCode } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  route(app, sendCode, async ({ body, client, reply }) => {
    const sent = await auth.sendCode(body, client);
    if (!sent.ok && sent.code !== 'MAIL_FAILED') throw new DomainError(sent.code, { 'retry-after': '300' });
    reply.header('cache-control', 'no-store');
    return { sent: unwrap(sent) };
  });

  route(app, login, async ({ body, client, reply }) => {
    reply.header('cache-control', 'no-store');
    return unwrap(await auth.login(body, client));
  });

  route(app, logout, async ({ auth: ctx, client }) => {
    const ended = await auth.logout(ctx, client);
    for (const id of ended) app.realtime.endSession(id, id === ctx.sessionId ? 'logout' : 'revoked');
    return { ok: true as const };
  });

  route(app, getMe, async ({ auth: ctx }) => ({ user: ctx.user }));
}
