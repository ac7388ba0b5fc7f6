import { contactCreatedData, pushHookPayload, type Integrations } from '@prospector/core';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { HookSender } from './engine/hook-sender.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { loadPushContent, type RecordsErrorCode, type RecordsService } from '../records/index.js';
import {
  findTeamIdByApiKey,
  findTeamIntegrations,
  updateTeamIntegrations,
  type TeamIntegrations,
} from '../teams/index.js';
import type { HooksErrorCode } from './hooks.errors.js';
import { countRateSlots, takeRateSlot } from './rate-limit.queries.js';
import { createRateSlots } from './rate-slots.js';
import type { WebhooksService } from './webhooks.service.js';

type TeamHooks = { push: string | null; podio: string | null };

const CACHE_MS = 5000;

/** Integration hooks and the public API key of a team; the events that go out to the hooks. */
export function createHooksService(deps: {
  db: Db;
  clock: Clock;
  sender: HookSender;
  webhooks: WebhooksService;
  records: RecordsService;
  events: DomainEvents;
}) {
  const { db, clock, sender, webhooks } = deps;
  const cache = new Map<string, { at: number; hooks: TeamHooks }>();
  const keySlots = createRateSlots((key, n, limit) => countRateSlots(db, key, n, limit, 60_000, clock.now()));

  async function teamHooks(teamId: string): Promise<TeamHooks> {
    const hit = cache.get(teamId);
    if (hit && clock.now().getTime() - hit.at < CACHE_MS) return hit.hooks;
    const t = await findTeamIntegrations(db, teamId);
    const hooks = { push: t?.pushHook ?? null, podio: t?.podioHook ?? null };
    cache.set(teamId, { at: clock.now().getTime(), hooks });
    return hooks;
  }

  /** The API key is made on first use and kept (each hook's signing secret is its endpoint's: ADR 045). */
  async function integrations(teamId: string): Promise<Integrations> {
    let t: TeamIntegrations | null = await findTeamIntegrations(db, teamId);
    if (t && !t.apiKey)
      t = await updateTeamIntegrations(db, teamId, { apiKey: `pk_${randomBytes(24).toString('base64url')}` });
    return {
      pushHook: t?.pushHook ?? '',
      inboundHook: t?.inboundHook ?? '',
      outboundHook: t?.outboundHook ?? '',
      podioHook: t?.podioHook ?? '',
      apiKey: t?.apiKey ?? '',
    };
  }

  async function toHook(teamId: string, kind: 'inbound' | 'outbound', payload: Record<string, unknown>) {
    if (await webhooks.toHook(db, teamId, kind, payload)) webhooks.kick();
  }

  return {
    /** The hooks, their signing secret and the API key: the admin's alone (a member could act as the team). */
    async integrations(auth: AuthContext): Promise<Result<Integrations, HooksErrorCode>> {
      if (auth.user.role !== 'admin') return fail('HOOKS_ADMIN_ONLY');
      return ok(await integrations(auth.teamId));
    },

    async update(
      auth: AuthContext,
      input: { pushHook: string; inboundHook: string; outboundHook: string; podioHook: string },
    ): Promise<Result<Integrations, HooksErrorCode>> {
      if (auth.user.role !== 'admin') return fail('HOOKS_ADMIN_ONLY');
      for (const url of [input.pushHook, input.inboundHook, input.outboundHook]) {
        const problem = url ? sender.urlProblem(url) : null;
        if (problem) return fail(problem === 'private' ? 'HOOK_URL_PRIVATE' : 'HOOK_URL_INVALID');
      }
      await integrations(auth.teamId);
      await updateTeamIntegrations(db, auth.teamId, {
        pushHook: input.pushHook || null,
        inboundHook: input.inboundHook || null,
        outboundHook: input.outboundHook || null,
        podioHook: input.podioHook || null,
      });
      // Each hook is an endpoint with its own secret and delivery log (ADR 045).
      await webhooks.saveHook(auth.teamId, 'push', input.pushHook || null);
      await webhooks.saveHook(auth.teamId, 'inbound', input.inboundHook || null);
      await webhooks.saveHook(auth.teamId, 'outbound', input.outboundHook || null);
      await webhooks.saveHook(auth.teamId, 'podio', input.podioHook || null);
      cache.delete(auth.teamId);
      return ok(await integrations(auth.teamId));
    },

    /** 'Push to CRM': the record with its texts goes to the push hook; the record is marked pushed. */
    async pushToCrm(
      auth: AuthContext,
      itemId: string,
    ): Promise<Result<{ _id: string; pushedToCrm: true }, HooksErrorCode | RecordsErrorCode>> {
      const found = await deps.records.access(auth, itemId);
      if (!found.ok) return found;
      const item = found.value;
      const hooks = await teamHooks(item.teamId);
      if (!hooks.push && !hooks.podio) return fail('NO_PUSH_HOOK');
      const { thread, status, campaignName, fields } = await loadPushContent(db, item);
      const texts = thread.filter((m) => !m.comment && !m.system);
      const payload = pushHookPayload({
        messages: texts.map((m) => ({
          createdAt: m.createdAt.toISOString(),
          body: m.body,
          direction: m.direction,
        })),
        campaignName,
        status,
        // The number the team's last text went out from (a reply has none).
        sentFrom: texts.filter((m) => m.direction === 'out').at(-1)?.sentFrom ?? null,
        fields,
        notes: thread.filter((m) => m.comment).map((m) => m.body),
      });
      // The push hook and the Podio hook both take the record, each through its own delivery log.
      await db.transaction(async (tx) => {
        await webhooks.toHook(tx, item.teamId, 'push', payload);
        await webhooks.toHook(tx, item.teamId, 'podio', payload);
        await deps.records.markPushed(tx, item.id);
      });
      webhooks.kick();
      return ok({ _id: item.id, pushedToCrm: true as const });
    },

    /** Inbound hook: `{ body, from, timestamp }`; subscriptions: `message.received`. */
    async inbound(
      teamId: string,
      e: {
        body: string;
        from: string;
        at: Date;
        messageId?: string;
        itemId?: string;
        optOut?: boolean;
        created?: boolean;
      },
    ) {
      await toHook(teamId, 'inbound', { body: e.body, from: e.from, timestamp: e.at.toISOString() });
      if (e.created && e.itemId)
        deps.events.publish(
          teamId,
          'contact.created',
          contactCreatedData({
            contactId: e.itemId,
            phones: e.from.includes('@') ? [] : [e.from],
            emails: e.from.includes('@') ? [e.from] : [],
            createdAt: e.at,
            source: 'text',
          }),
        );
      deps.events.publish(teamId, 'message.received', {
        messageId: e.messageId ?? null,
        contactId: e.itemId ?? null,
        from: e.from,
        body: e.body,
        receivedAt: e.at.toISOString(),
      });
      if (e.optOut)
        deps.events.publish(teamId, 'contact.opted_out', {
          contactId: e.itemId ?? null,
          phone: e.from,
          messageId: e.messageId ?? null,
          at: e.at.toISOString(),
        });
    },
    /** A text reached its phone or failed for good: subscriptions' `message.delivered` / `message.failed`. */
    outcome(
      teamId: string,
      o: {
        messageId: string;
        itemId: string;
        status: 'delivered' | 'failed';
        error: string | null;
        at: Date;
      },
    ) {
      deps.events.publish(teamId, `message.${o.status}`, {
        messageId: o.messageId,
        contactId: o.itemId,
        status: o.status,
        ...(o.status === 'failed' ? { error: o.error } : {}),
        at: o.at.toISOString(),
      });
    },
    /** Outbound hook, when a text has left the phone: `{ body, from, to, timestamp }`; subscriptions: `message.sent`. */
    async outbound(
      teamId: string,
      e: {
        body: string;
        from: string;
        to: string;
        at: Date;
        messageId?: string | null;
        itemId?: string | null;
      },
    ) {
      await toHook(teamId, 'outbound', {
        body: e.body,
        from: e.from,
        to: e.to,
        timestamp: e.at.toISOString(),
      });
      deps.events.publish(teamId, 'message.sent', {
        messageId: e.messageId ?? null,
        contactId: e.itemId ?? null,
        from: e.from,
        to: e.to,
        body: e.body,
        sentAt: e.at.toISOString(),
      });
    },

    /** The team behind a public API key. */
    teamByApiKey: (apiKey: string) => findTeamIdByApiKey(db, apiKey),
    /** One public API call of the team, if its limit per minute (across every process) allows it. */
    takeApiSlot: (teamId: string, perMinute: number) =>
      takeRateSlot(db, `public-api:${teamId}`, perMinute, 60_000, clock.now()),
    /** One v1 call of an API key (ADR 043), with how much of its minute is used, across every process. */
    takeKeySlot: (keyId: string, perMinute: number) => keySlots.take(`api-key:${keyId}`, perMinute),
  };
}

export type HooksService = ReturnType<typeof createHooksService>;
