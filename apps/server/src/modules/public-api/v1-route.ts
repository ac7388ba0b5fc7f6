import { createHash } from 'node:crypto';
import { isValidIdempotencyKey, keyHasScope, rateLimitHeaders, type V1Endpoint } from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { bearerToken } from '../../lib/route.js';
import { enterRequestScope, scopeToTeam } from '../../lib/team-scope.js';
import type { ApiCaller } from './api-keys.service.js';

type Infer<T> = NonNullable<T> extends z.ZodType ? z.infer<NonNullable<T>> : undefined;

export type V1Input<E extends V1Endpoint> = {
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  caller: ApiCaller;
  /** For a call that takes a file: its multipart form is read by the handler. */
  req: FastifyRequest;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces
  interface FastifyRequest {
    apiCaller?: ApiCaller;
    /** The Idempotency-Key this request reserved, and its answer once it has one. */
    idempotencyKey?: string;
    idempotentAnswer?: { response: unknown };
  }
}

const isForm = (req: FastifyRequest) => String(req.headers['content-type'] ?? '').startsWith('multipart/');

// A form's file is not read before the call runs: its length stands for it.
const fingerprintOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(
      `${req.method} ${req.url}\n${isForm(req) ? `form ${req.headers['content-length'] ?? ''}` : JSON.stringify(req.body ?? null)}`,
    )
    .digest('hex');

/**
 * Registers one v1 call (ADR 043): the key in `Authorization: Bearer` is checked before the body
 * (401 for none, an unknown or a revoked key), then its scope (403), then its limit per minute across
 * every process (429), with the `RateLimit-*` headers on every answer. The call then runs as the
 * key's team (row-level security included). Creates and sends honour `Idempotency-Key`. Every call is
 * written to the audit log under its key.
 */
export function v1Route<E extends V1Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: V1Input<E>) => Promise<z.infer<E['response']>>,
) {
  const { apiKeys } = app.services;
  const perMinute = app.config.PUBLIC_API_PER_MINUTE;

  async function guard(req: FastifyRequest, reply: FastifyReply) {
    const caller = await apiKeys.authenticate(bearerToken(req));
    if (!caller) throw new DomainError('API_KEY_REFUSED', { 'www-authenticate': 'Bearer' });
    scopeToTeam(caller.teamId);
    req.apiCaller = caller;
    if (!keyHasScope(caller.scopes, endpoint.scope))
      throw new DomainError(
        'API_SCOPE_MISSING',
        {},
        `This API key does not have the scope this call needs: ${endpoint.scope}.`,
      );
    const slot = await app.services.hooks.takeKeySlot(caller.keyId, perMinute);
    const headers = rateLimitHeaders({
      limit: perMinute,
      used: slot.used,
      windowMs: 60_000,
      nowMs: app.clock.now().getTime(),
    });
    void reply.headers(headers);
    if (!slot.ok)
      throw new DomainError('RATE_LIMITED', { ...headers, 'retry-after': headers['ratelimit-reset']! });
  }

  /**
   * Creates and sends honour `Idempotency-Key` (ADR 043 addendum 2): the key is reserved before the
   * call runs, the answer kept when it answers (with its audit row, onSend), a replay answers it.
   */
  async function idempotent(req: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
    const header = req.headers['idempotency-key'];
    if (!endpoint.idempotent || header === undefined) return run();
    const key = String(header);
    if (!isValidIdempotencyKey(key)) throw new DomainError('IDEMPOTENCY_KEY_INVALID');
    const taken = await apiKeys.takeIdempotent(req.apiCaller!, key, fingerprintOf(req));
    if (taken === 'conflict') throw new DomainError('IDEMPOTENCY_CONFLICT');
    if (taken === 'running') throw new DomainError('IDEMPOTENCY_IN_PROGRESS');
    if (taken !== 'run') {
      void reply.header('idempotent-replayed', 'true');
      return taken.response;
    }
    req.idempotencyKey = key;
    const answer = await run();
    req.idempotentAnswer = { response: answer };
    return answer;
  }

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      response: { 200: endpoint.response },
    },
    onRequest: [(_req, _reply, done) => enterRequestScope(done), guard],
    // Before the answer leaves (not onResponse), so a caller that reads the log after it finds the call.
    onSend: async (req, reply, payload) => {
      if (!req.apiCaller) return payload;
      const key = req.idempotencyKey;
      const answered = key !== undefined && req.idempotentAnswer !== undefined && reply.statusCode === 200;
      try {
        await apiKeys.closeCall(req.apiCaller, {
          call: `${endpoint.method} ${endpoint.path}`,
          status: reply.statusCode,
          ip: req.ip,
          idempotency: answered ? { key, response: req.idempotentAnswer!.response } : undefined,
          release: key !== undefined && !answered ? key : undefined,
        });
      } catch (err) {
        // The answer still goes out; its key stays reserved (a retry is told it is running) until abandoned.
        req.log.error({ err: (err as { cause?: unknown }).cause ?? err }, 'could not audit an API call');
      }
      return payload;
    },
    handler: (req, reply) =>
      idempotent(req, reply, () =>
        handler({
          body: req.body as Infer<E['body']>,
          params: req.params as Infer<E['params']>,
          query: req.query as Infer<E['query']>,
          caller: req.apiCaller!,
          req,
        }),
      ),
  });
}
