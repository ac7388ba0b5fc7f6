import { randomBytes } from 'node:crypto';
import { apiKeyHint, looksLikeApiKey, type ApiKeyDto, type ApiScope } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { sha256 } from '../../lib/secrets.js';
import type { AuditService } from '../audit/index.js';
import type { PublicApiErrorCode } from './public-api.errors.js';
import * as q from './api-keys.queries.js';
import { createCallLog } from './call-log.js';

/** Who calls the public API: the key, its team and its scopes. */
export type ApiCaller = { keyId: string; teamId: string; scopes: string[]; createdBy: string | null };

/** An answer is replayed for 24 hours; a first request still running after 5 minutes was abandoned. */
const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;
const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;

/**
 * How long a process trusts a key it looked up (ADR 057): a key revoked in another process is refused
 * here within this bound; the process that revoked it refuses it at once.
 */
export const API_KEY_CACHE_MS = 5_000;
/** Keys a process remembers at most; past it the cache starts again (a bound, not an LRU). */
const API_KEY_CACHE_SIZE = 10_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(r: q.ApiKeyRow): ApiKeyDto {
  return {
    _id: r.id,
    name: r.name,
    hint: r.hint,
    scopes: r.scopes as ApiScope[],
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** A team's API keys (ADR 043): made, listed and revoked by its admins; each key shown once. */
export function createApiKeysService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock } = deps;
  const log = createCallLog({ db, audit: deps.audit });
  const live = createKeyCache(clock);
  type R<T> = Promise<Result<T, PublicApiErrorCode>>;
  const adminOnly = (auth: AuthContext) => auth.user.role !== 'admin';

  return {
    async list(auth: AuthContext): R<{ keys: ApiKeyDto[] }> {
      if (adminOnly(auth)) return fail('API_KEYS_ADMIN_ONLY');
      return ok({ keys: (await q.listTeamApiKeys(db, auth.teamId)).map(toDto) });
    },

    async create(auth: AuthContext, input: { name: string; scopes: ApiScope[] }, ip: string) {
      if (adminOnly(auth)) return fail('API_KEYS_ADMIN_ONLY');
      const key = `pk_${randomBytes(32).toString('base64url')}`;
      const row = await q.insertApiKey(db, {
        teamId: auth.teamId,
        name: input.name,
        hint: apiKeyHint(key),
        keyHash: sha256(key),
        scopes: [...new Set(input.scopes)],
        createdBy: auth.userId,
        createdAt: clock.now(),
      });
      await deps.audit.record(db, {
        action: 'apiKey.created',
        actorUserId: auth.userId,
        teamId: auth.teamId,
        ip,
        details: { apiKeyId: row.id, name: row.name, scopes: row.scopes },
      });
      return ok({ key, apiKey: toDto(row) });
    },

    async revoke(auth: AuthContext, id: string, ip: string): R<ApiKeyDto> {
      if (adminOnly(auth)) return fail('API_KEYS_ADMIN_ONLY');
      const row = await q.revokeTeamApiKey(db, auth.teamId, id, clock.now());
      if (!row) return fail('API_KEY_NOT_FOUND');
      live.forget(row.keyHash);
      await deps.audit.record(db, {
        action: 'apiKey.revoked',
        actorUserId: auth.userId,
        teamId: auth.teamId,
        ip,
        details: { apiKeyId: row.id, name: row.name },
      });
      return ok(toDto(row));
    },

    /**
     * The caller of a bearer key, or null for no key, an unknown one or a revoked one. A live key
     * is remembered for API_KEY_CACHE_MS, so a busy key costs no look-up per call.
     */
    async authenticate(key: string | null): Promise<ApiCaller | null> {
      if (!key || !looksLikeApiKey(key)) return null;
      const hash = sha256(key);
      const known = live.get(hash) ?? live.set(hash, await q.findLiveKeyByHash(db, hash));
      if (!known) return null;
      // Written at most once a minute: the time remembered says whether it is due (no write per call).
      const now = clock.now();
      if (!known.lastUsedAt || now.getTime() - known.lastUsedAt.getTime() >= 60_000) {
        known.lastUsedAt = now;
        await q.touchApiKey(db, known.caller.keyId, now);
      }
      return known.caller;
    },

    /**
     * Each v1 call in the audit log, under its key (issue 33), with its Idempotency-Key's outcome,
     * committed together with other calls' (call-log.ts).
     */
    closeCall(
      caller: ApiCaller,
      c: {
        call: string;
        status: number;
        ip: string;
        idempotency?: { key: string; response: unknown } | undefined;
        release?: string | undefined;
      },
    ) {
      return log.write({
        audit: {
          action: 'apiKey.call',
          teamId: caller.teamId,
          ip: c.ip,
          details: { apiKeyId: caller.keyId, call: c.call, status: c.status },
        },
        idempotency: c.idempotency && {
          apiKeyId: caller.keyId,
          key: c.idempotency.key,
          status: c.status,
          response: c.idempotency.response,
        },
        release: c.release === undefined ? undefined : { apiKeyId: caller.keyId, key: c.release },
      });
    },

    /**
     * Takes an Idempotency-Key for this request (ADR 043 addendum 2): 'run' when it is the first
     * (reserved before it runs, so a concurrent request with the same key cannot run too), the kept
     * answer for a replay, 'conflict' for another request under the key, 'running' while the first
     * has not answered.
     */
    async takeIdempotent(
      caller: ApiCaller,
      key: string,
      fingerprint: string,
    ): Promise<'run' | 'conflict' | 'running' | { response: unknown }> {
      const now = clock.now().getTime();
      const reserved = await q.reserveIdempotent(
        db,
        { apiKeyId: caller.keyId, teamId: caller.teamId, key, fingerprint, createdAt: clock.now() },
        new Date(now - IDEMPOTENCY_KEEP_MS),
        new Date(now - IDEMPOTENCY_ABANDONED_MS),
      );
      if (reserved) return 'run';
      const first = await q.findIdempotent(db, caller.keyId, key);
      if (!first) return 'running';
      if (first.fingerprint !== fingerprint) return 'conflict';
      if (first.status === q.IDEMPOTENCY_RUNNING) return 'running';
      return { response: first.response };
    },
  };
}

type KnownKey = { caller: ApiCaller; lastUsedAt: Date | null };

/** The live keys this process looked up lately, by hash (ADR 057); an unknown key is never kept. */
function createKeyCache(clock: Clock) {
  const keys = new Map<string, { at: number; key: KnownKey }>();
  return {
    get(hash: string): KnownKey | null {
      const hit = keys.get(hash);
      if (!hit) return null;
      if (clock.now().getTime() - hit.at < API_KEY_CACHE_MS) return hit.key;
      keys.delete(hash);
      return null;
    },
    set(hash: string, row: q.ApiKeyRow | null): KnownKey | null {
      if (!row) return null;
      if (keys.size >= API_KEY_CACHE_SIZE) keys.clear();
      const key = {
        caller: { keyId: row.id, teamId: row.teamId, scopes: row.scopes, createdBy: row.createdBy },
        lastUsedAt: row.lastUsedAt,
      };
      keys.set(hash, { at: clock.now().getTime(), key });
      return key;
    },
    forget(hash: string) {
      keys.delete(hash);
    },
  };
}
