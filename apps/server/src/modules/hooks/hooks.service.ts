import { pushHookPayload, type Integrations } from '@prospector/core';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { HookSender } from '../../engines/hooks/hook-sender.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { withAllTeams } from '../../lib/team-scope.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { loadPushContent, type RecordsErrorCode, type RecordsService } from '../records/index.js';
import {
  findTeamIdByApiKey,
  findTeamIntegrations,
  updateTeamIntegrations,
  type TeamIntegrations,
} from '../teams/index.js';
import type { HooksErrorCode } from './hooks.errors.js';
import { countRateSlot, takeRateSlot } from './rate-limit.queries.js';

type TeamHooks = { push: string | null; inbound: string | null; outbound: string | null };

const CACHE_MS = 5000;

/** Integration hooks and the public API key of a team; the events that go out to the hooks. */
export function createHooksService(deps: {
  db: Db;
  clock: Clock;
  sender: HookSender;
  records: RecordsService;
}) {
  const { db, clock, sender } = deps;
  const cache = new Map<string, { at: number; hooks: TeamHooks }>();

  async function teamHooks(teamId: string): Promise<TeamHooks> {
    const hit = cache.get(teamId);
    if (hit && clock.now().getTime() - hit.at < CACHE_MS) return hit.hooks;
    const t = await findTeamIntegrations(db, teamId);
    const hooks = {
      push: t?.pushHook ?? null,
      inbound: t?.inboundHook ?? null,
      outbound: t?.outboundHook ?? null,
    };
    cache.set(teamId, { at: clock.now().getTime(), hooks });
    return hooks;
  }

  /** The secret and API key are made on first use and kept. */
  async function integrations(teamId: string): Promise<Integrations> {
    let t: TeamIntegrations | null = await findTeamIntegrations(db, teamId);
    if (t && (!t.hookSecret || !t.apiKey)) {
      t = await updateTeamIntegrations(db, teamId, {
        hookSecret: t.hookSecret ?? randomBytes(24).toString('base64url'),
        apiKey: t.apiKey ?? `pk_${randomBytes(24).toString('base64url')}`,
      });
    }
    return {
      pushHook: t?.pushHook ?? '',
      inboundHook: t?.inboundHook ?? '',
      outboundHook: t?.outboundHook ?? '',
      podioHook: t?.podioHook ?? '',
      hookSecret: t?.hookSecret ?? '',
      apiKey: t?.apiKey ?? '',
    };
  }

  // The sender's loop serves every team: it starts outside the caller's team scope (ADR 028).
  const kickSender = () => withAllTeams(() => sender.kick());

  async function emit(teamId: string, kind: 'inbound' | 'outbound', payload: Record<string, unknown>) {
    const url = (await teamHooks(teamId))[kind];
    if (!url) return;
    await sender.enqueue(db, { teamId, kind, url, payload });
    kickSender();
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
      const url = (await teamHooks(item.teamId)).push;
      if (!url) return fail('NO_PUSH_HOOK');
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
      await db.transaction(async (tx) => {
        await sender.enqueue(tx, { teamId: item.teamId, kind: 'push', url, payload });
        await deps.records.markPushed(tx, item.id);
      });
      kickSender();
      return ok({ _id: item.id, pushedToCrm: true as const });
    },

    /** Inbound hook: `{ body, from, timestamp }`. */
    inbound: (teamId: string, e: { body: string; from: string; at: Date }) =>
      emit(teamId, 'inbound', { body: e.body, from: e.from, timestamp: e.at.toISOString() }),
    /** Outbound hook, when a text has left the phone: `{ body, from, to, timestamp }`. */
    outbound: (teamId: string, e: { body: string; from: string; to: string; at: Date }) =>
      emit(teamId, 'outbound', { body: e.body, from: e.from, to: e.to, timestamp: e.at.toISOString() }),

    /** The team behind a public API key. */
    teamByApiKey: (apiKey: string) => findTeamIdByApiKey(db, apiKey),
    /** One public API call of the team, if its limit per minute (across every process) allows it. */
    takeApiSlot: (teamId: string, perMinute: number) =>
      takeRateSlot(db, `public-api:${teamId}`, perMinute, 60_000, clock.now()),
    /** One v1 call of an API key (ADR 043), with how much of its minute is used, across every process. */
    takeKeySlot: (keyId: string, perMinute: number) =>
      countRateSlot(db, `api-key:${keyId}`, perMinute, 60_000, clock.now()),
  };
}

export type HooksService = ReturnType<typeof createHooksService>;
