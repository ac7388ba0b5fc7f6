import { getTeamKpis } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function kpisRoutes(app: FastifyInstance) {
  const { kpis } = app.services;
  route(app, getTeamKpis, async ({ auth, query }) => unwrap(await kpis.teamKpis(auth, query)));
}
