import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { createDomainEvents } from '../lib/domain-events.js';
import type { ErrorCatalogues } from '../lib/errors.js';
import type { Mailer } from '../providers/mail/index.js';
import type { Maps } from '../providers/maps/index.js';
import type { PropertyInfo } from '../providers/property-info/index.js';
import { registerErrorHandler } from './error-handler.js';
import { applySecurityHeaders, securityHeaders } from './security-headers.js';
import type { Services } from './services.js';

export type CoreOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  maps: Maps;
  propertyInfo: PropertyInfo;
  /** Every owner's error catalogue (the app derives it from its modules). */
  errors: ErrorCatalogues;
};

/**
 * What every other plugin stands on: the config, the database and the clock; the list of routes; the
 * error handler and security headers; the services registry (filled by the domain plugins), with the
 * providers that have no domain of their own (mail, maps, property information).
 */
export const corePlugin = fp<CoreOptions>(
  async (app, { config, database, clock, mailer, maps, propertyInfo, errors }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('auth', null);
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('clock', clock);
    // What happened in a team, announced by the module that owns it (webhook subscriptions listen).
    app.decorate(
      'events',
      createDomainEvents(() => clock.now()),
    );
    // Typed whole, filled in turn: each domain plugin reads only the services of plugins that Fastify
    // made sure were registered before it (its `dependencies`), through a view that refuses the others.
    app.decorate('services', { mailer, maps, propertyInfo } as Services);

    const routeList: FastifyInstance['routeList'] = [];
    app.decorate('routeList', routeList);
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat())
        routeList.push({ method, url: r.url, body: r.schema?.body, params: r.schema?.params });
    });
    registerErrorHandler(app, errors);
    applySecurityHeaders(
      app,
      securityHeaders(config.PUBLIC_URL, {
        twilioVoice: config.TWILIO_ACCOUNT_SID !== undefined,
        stripe: config.STRIPE_PUBLISHABLE_KEY !== undefined,
        ...(config.MAP_TILE_URL ? { mapTileUrl: config.MAP_TILE_URL } : {}),
      }),
    );
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'core', fastify: '5.x' },
);
