import {
  HOOK_EVENT,
  WEBHOOK_SAMPLES,
  WEBHOOK_SECRET_OVERLAP_MS,
  webhookEnvelope,
  webhookMessageId,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEndpointKind,
  type WebhookEvent,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { newWebhookSecret, type HookSender } from './engine/hook-sender.js';
import * as q from './engine/webhooks.queries.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { withAllTeams } from '../../lib/team-scope.js';
import type { HooksErrorCode } from './hooks.errors.js';

type HookKind = Exclude<WebhookEndpointKind, 'subscription'>;
const CACHE_MS = 5000;
const LOG_SIZE = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointDto(e: q.EndpointRow): WebhookEndpointDto {
  return {
    _id: e.id,
    kind: e.kind,
    url: e.url,
    events: e.kind === 'subscription' ? e.events : [HOOK_EVENT[e.kind]],
    disabledAt: iso(e.disabledAt),
    previousSecretUntil: iso(e.previousSecretUntil),
    createdAt: e.createdAt.toISOString(),
  };
}

/**
 * The team's webhook endpoints (ADR 045): its Settings hooks and the subscriptions integrations make,
 * what goes to each (queued for the sender), the delivery log, resend, secret rotation.
 */
export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  sender: HookSender;
  log: FastifyBaseLogger;
}) {
  const { db, clock, sender } = deps;
  /** Each team's live, enabled endpoints, kept a few seconds: every text's events ask. */
  const cache = new Map<string, { at: number; endpoints: q.EndpointRow[] }>();
  const pending = new Set<Promise<unknown>>();

  /** `via`: the caller's transaction when it has one (PGlite's one connection would wait on it). */
  async function liveEndpoints(teamId: string, via: Db = db) {
    const hit = cache.get(teamId);
    if (hit && clock.now().getTime() - hit.at < CACHE_MS) return hit.endpoints;
    const endpoints = (await q.listEndpoints(via, teamId)).filter((e) => !e.disabledAt);
    cache.set(teamId, { at: clock.now().getTime(), endpoints });
    return endpoints;
  }
  const forget = (teamId: string) => cache.delete(teamId);
  // The sender's loop serves every team: it starts outside the caller's team scope (ADR 028).
  const kick = () => withAllTeams(() => sender.kick());

  /** Runs `work` in the background, logged on failure, awaited by `settle` (tests, shutdown). */
  function track(job: Promise<unknown>) {
    const work = job.catch((err: unknown) =>
      deps.log.error({ err: (err as { cause?: unknown }).cause ?? err }, 'webhook event not queued'),
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  async function queue(
    tx: Db,
    rows: { teamId: string; endpointId: string; eventType: string; payload: Record<string, unknown> }[],
  ) {
    // A statement takes at most 65,535 parameters (PITFALLS.md): a few thousand rows at a time.
    for (let i = 0; i < rows.length; i += 2000) await sender.enqueue(tx, rows.slice(i, i + 2000));
  }

  /**
   * Domain events of one team and kind: one delivery to each subscription of the team that asked for
   * it, all queued in one statement (an import chunk announces its new contacts together).
   */
  async function publish(events: DomainEvent[]) {
    const first = events[0];
    if (!first) return;
    const subs = (await liveEndpoints(first.teamId)).filter(
      (s) => s.kind === 'subscription' && s.events.includes(first.type),
    );
    if (subs.length === 0) return;
    await queue(
      db,
      events.flatMap((e) =>
        subs.map((s) => ({
          teamId: e.teamId,
          endpointId: s.id,
          eventType: e.type,
          payload: webhookEnvelope(e.type, e.at, e.data),
        })),
      ),
    );
    kick();
  }

  /** The endpoint of a Settings hook, made (with its secret) the first time the hook is saved. */
  async function saveHook(teamId: string, kind: HookKind, url: string | null) {
    const current = (await q.listEndpoints(db, teamId)).find((e) => e.kind === kind) ?? null;
    if (!url) {
      if (current) await q.updateEndpoint(db, current.id, { deletedAt: clock.now() });
    } else if (!current) {
      await q.insertEndpoint(db, {
        teamId,
        kind,
        url,
        events: [HOOK_EVENT[kind]],
        secretSealed: sender.seal(newWebhookSecret()),
        createdAt: clock.now(),
      });
    } else if (current.url !== url) {
      // A new address starts with a clean record: the old one's failures are not its own.
      await q.updateEndpoint(db, current.id, { url, failingSince: null, disabledAt: null });
    }
    forget(teamId);
  }

  async function ownEndpoint(teamId: string, id: string) {
    return q.findEndpoint(db, teamId, id);
  }

  async function deliveryDtos(rows: q.DeliveryRow[]): Promise<WebhookDeliveryDto[]> {
    const attempts = await q.attemptsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((d) => ({
      _id: d.id,
      messageId: webhookMessageId(d.id),
      eventType: d.eventType,
      state: d.state,
      createdAt: d.createdAt.toISOString(),
      nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
      attempts: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          _id: a.id,
          at: a.attemptedAt.toISOString(),
          statusCode: a.statusCode,
          durationMs: a.durationMs,
          response: a.response,
        })),
    }));
  }

  const adminOnly = (auth: AuthContext) => auth.user.role !== 'admin';

  return {
    publish: (events: DomainEvent[]) => track(publish(events)),
    /** Waits for the events published so far to be queued (tests). */
    async settle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    saveHook,
    /**
     * A Settings hook's own body (part 2 §3's samples) to its endpoint, when the team has that hook,
     * in the caller's transaction when given one. Answers whether it was queued.
     */
    async toHook(tx: Db, teamId: string, kind: HookKind, payload: Record<string, unknown>) {
      const endpoint = (await liveEndpoints(teamId, tx)).find((e) => e.kind === kind);
      if (!endpoint) return false;
      await queue(tx, [{ teamId, endpointId: endpoint.id, eventType: HOOK_EVENT[kind], payload }]);
      return true;
    },
    kick,

    // Settings > Other > Webhooks (admins).
    async list(auth: AuthContext): Promise<Result<WebhookEndpointDto[], HooksErrorCode>> {
      if (adminOnly(auth)) return fail('HOOKS_ADMIN_ONLY');
      return ok((await q.listEndpoints(db, auth.teamId)).map(toEndpointDto));
    },
    async deliveries(auth: AuthContext, id: string): Promise<Result<WebhookDeliveryDto[], HooksErrorCode>> {
      if (adminOnly(auth)) return fail('HOOKS_ADMIN_ONLY');
      if (!(await ownEndpoint(auth.teamId, id))) return fail('WEBHOOK_ENDPOINT_NOT_FOUND');
      return ok(await deliveryDtos(await q.listDeliveries(db, auth.teamId, id, LOG_SIZE)));
    },
    async reveal(auth: AuthContext, id: string): Promise<Result<{ secret: string }, HooksErrorCode>> {
      if (adminOnly(auth)) return fail('HOOKS_ADMIN_ONLY');
      const e = await ownEndpoint(auth.teamId, id);
      if (!e) return fail('WEBHOOK_ENDPOINT_NOT_FOUND');
      return ok({ secret: sender.unseal(e.secretSealed) ?? '' });
    },
    /** A new secret; the current one keeps signing beside it for 24 hours. */
    async rotate(
      auth: AuthContext,
      id: string,
    ): Promise<Result<{ secret: string; endpoint: WebhookEndpointDto }, HooksErrorCode>> {
      if (adminOnly(auth)) return fail('HOOKS_ADMIN_ONLY');
      const e = await ownEndpoint(auth.teamId, id);
      if (!e) return fail('WEBHOOK_ENDPOINT_NOT_FOUND');
      const secret = newWebhookSecret();
      const row = await q.updateEndpoint(db, e.id, {
        secretSealed: sender.seal(secret),
        previousSecretSealed: e.secretSealed,
        previousSecretUntil: new Date(clock.now().getTime() + WEBHOOK_SECRET_OVERLAP_MS),
      });
      forget(auth.teamId);
      return ok({ secret, endpoint: toEndpointDto(row!) });
    },
    async enable(auth: AuthContext, id: string): Promise<Result<WebhookEndpointDto, HooksErrorCode>> {
      if (adminOnly(auth)) return fail('HOOKS_ADMIN_ONLY');
      const e = await ownEndpoint(auth.teamId, id);
      if (!e) return fail('WEBHOOK_ENDPOINT_NOT_FOUND');
      const row = await q.updateEndpoint(db, e.id, { disabledAt: null, failingSince: null });
      forget(auth.teamId);
      return ok(toEndpointDto(row!));
    },
    async resend(auth: AuthContext, deliveryId: string): Promise<Result<WebhookDeliveryDto, HooksErrorCode>> {
      if (adminOnly(auth)) return fail('HOOKS_ADMIN_ONLY');
      const d = await q.findDelivery(db, auth.teamId, deliveryId);
      if (!d || !(await ownEndpoint(auth.teamId, d.endpointId))) return fail('WEBHOOK_DELIVERY_NOT_FOUND');
      const row = await q.requeueDelivery(db, d.id, clock.now());
      kick();
      return ok((await deliveryDtos([row!]))[0]!);
    },

    // Subscriptions (the public API's `webhooks` scope).
    async subscriptions(teamId: string) {
      return (await q.listEndpoints(db, teamId)).filter((e) => e.kind === 'subscription');
    },
    async subscribe(
      teamId: string,
      input: { url: string; events: WebhookEvent[]; apiKeyId: string },
    ): Promise<Result<{ endpoint: q.EndpointRow; secret: string }, HooksErrorCode>> {
      const problem = sender.urlProblem(input.url);
      if (problem) return fail(problem === 'private' ? 'HOOK_URL_PRIVATE' : 'HOOK_URL_INVALID');
      const secret = newWebhookSecret();
      const endpoint = await q.insertEndpoint(db, {
        teamId,
        kind: 'subscription',
        url: input.url,
        events: [...new Set(input.events)],
        secretSealed: sender.seal(secret),
        apiKeyId: input.apiKeyId,
        createdAt: clock.now(),
      });
      forget(teamId);
      return ok({ endpoint, secret });
    },
    async unsubscribe(teamId: string, id: string): Promise<Result<{ id: string }, HooksErrorCode>> {
      const e = await q.findEndpoint(db, teamId, id);
      if (!e || e.kind !== 'subscription') return fail('WEBHOOK_ENDPOINT_NOT_FOUND');
      await q.updateEndpoint(db, e.id, { deletedAt: clock.now() });
      forget(teamId);
      return ok({ id: e.id });
    },
    sample: (event: WebhookEvent) => webhookEnvelope(event, clock.now(), WEBHOOK_SAMPLES[event]),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
