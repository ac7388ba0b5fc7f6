import { isSecondFactorFresh, type Endpoint } from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext, ClientInfo } from './auth-context.js';
import { DomainError } from './errors.js';
import { enterRequestScope, scopeToTeam } from './team-scope.js';

type Infer<T> = NonNullable<T> extends z.ZodType ? z.infer<NonNullable<T>> : undefined;

export type RouteInput<E extends Endpoint> = {
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  auth: E['auth'] extends true ? AuthContext : AuthContext | null;
  client: ClientInfo;
  req: FastifyRequest;
  reply: FastifyReply;
};

export function clientInfo(req: FastifyRequest): ClientInfo {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * Staff calls (ADR 025): only verified staff, and every call but the second factor's own steps from a
 * session whose second factor is fresh (12 h). Refusals are audited, repeats folded into one entry, and a
 * caller refused too often is answered 429.
 */
async function guardStaff(app: FastifyInstance, endpoint: Endpoint, auth: AuthContext, req: FastifyRequest) {
  const staff = auth.user.isStaff;
  const fresh = isSecondFactorFresh(auth.secondFactorAt, app.clock.now());
  if (staff && (fresh || endpoint.secondFactorStep)) return;
  const { limited } = await app.services.audit.recordRefusal(app.database.db, {
    action: staff ? 'admin.secondFactorRequired' : 'admin.denied',
    actorUserId: auth.userId,
    teamId: auth.teamId,
    ip: req.ip,
    call: `${endpoint.method} ${endpoint.path}`,
  });
  // Staff waiting for their second factor are never locked out of giving it.
  if (limited && !staff) throw new DomainError('RATE_LIMITED');
  throw new DomainError(staff ? 'SECOND_FACTOR_REQUIRED' : 'STAFF_REQUIRED');
}

/**
 * Registers one contract endpoint: the contract's method, path and schemas, the auth guard when the
 * contract says so, and a handler that only parses, calls a service and returns its value.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.infer<E['response']>>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      response: { 200: endpoint.response },
    },
    // Authentication comes before body validation: a logged-out caller gets 401, not 400. The call
    // runs in a scope that, once a team's member is known, lets the database show only that team's
    // rows (ADR 028); staff and calls without a session work across teams.
    onRequest: [
      (_req, _reply, done) => enterRequestScope(done),
      ...(endpoint.auth
        ? [
            async (req: FastifyRequest) => {
              const auth = await app.services.auth.authenticate(bearerToken(req));
              if (!auth) throw new DomainError('UNAUTHENTICATED');
              if (endpoint.staff) await guardStaff(app, endpoint, auth, req);
              // Our staff answer every team's support chat through the members' own routes.
              else if (!auth.user.isStaff) scopeToTeam(auth.teamId);
              req.auth = auth;
            },
          ]
        : []),
    ],
    handler: (req, reply) =>
      handler({
        body: req.body as Infer<E['body']>,
        params: req.params as Infer<E['params']>,
        query: req.query as Infer<E['query']>,
        auth: req.auth as RouteInput<E>['auth'],
        client: clientInfo(req),
        req,
        reply,
      }),
  });
}
