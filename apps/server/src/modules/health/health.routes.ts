import { getHealth, getPublicConfig } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/client.js';
import { DomainError } from '../../lib/errors.js';
import { bearerToken, route } from '../../lib/route.js';
import { sharedPing } from './shared-ping.js';

export async function healthRoutes(app: FastifyInstance) {
  const ping = sharedPing(() => pingDatabase(app.database.db));
  route(app, getHealth, async ({ req, reply }) => {
    const token = bearerToken(req);
    let userId: string | null = null;
    if (token) {
      const auth = await app.services.auth.authenticate(token);
      if (!auth) throw new DomainError('UNAUTHENTICATED');
      userId = auth.userId;
    }
    const started = performance.now();
    let ok = true;
    try {
      await ping();
    } catch (err) {
      req.log.error({ err }, 'database ping failed');
      ok = false;
    }
    // Without its database the process cannot serve: 503 takes it out of a load balancer. With Redis
    // down it still serves (events reach its own sockets only): degraded, but 200.
    if (!ok) reply.code(503);
    const realtime = app.realtime.state();
    return {
      status: ok && realtime.ok ? ('ok' as const) : ('degraded' as const),
      realtime,
      database: {
        ok,
        driver: app.database.driver,
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
      },
      userId,
    };
  });

  route(app, getPublicConfig, async () => ({
    contactEmail: app.config.CONTACT_EMAIL,
    bookDemoUrl: app.config.BOOK_DEMO_URL ?? null,
    codesInServerLog: app.services.mailer.kind === 'log',
    mapsConfigured: app.services.maps.kind === 'google',
    stripePublishableKey: app.services.payments.publishableKey,
    geocoding: app.services.maps.configured,
    propertyInfoLookup: app.services.maps.configured || app.services.propertyInfo.configured,
    mapTileUrl: app.config.MAP_TILE_URL ?? null,
    mapTileAttribution: app.config.MAP_TILE_ATTRIBUTION,
  }));
}
