import {
  isSecondFactorFresh,
  isTotpCode,
  normalizeRecoveryCode,
  secondFactorExpiresAt,
  type SecondFactorStatus,
} from '@prospector/core';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { hmac } from '../../lib/secrets.js';
import type { AuditService } from '../audit/index.js';
import type { AuthService } from '../auth/index.js';
import type { AdminErrorCode } from './admin.errors.js';
import * as q from './admin.queries.js';
import { newRecoveryCodes, openSecret, sealSecret } from './second-factor.crypto.js';

const ISSUER = 'Prospector';
const STEP_SECONDS = 30;
/** Wrong codes a staff member may enter in 15 minutes before the step refuses for a while. */
const MAX_WRONG = 5;
const WRONG_WINDOW_MS = 15 * 60 * 1000;

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

/**
 * Staff's second factor (ADR 025): TOTP (RFC 6238, 30 s steps, one step of drift either way) set up
 * once with a QR code and a confirmation code, 10 single-use recovery codes, and a mark on the session
 * (sessions.second_factor_at) that holds 12 hours.
 */
export function createSecondFactorService(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  auth: Pick<AuthService, 'markSecondFactor'>;
  audit: AuditService;
}) {
  const { db, clock, audit } = deps;
  const recoveryHash = (userId: string, code: string) => hmac(deps.secret, `recovery:${userId}:${code}`);

  /** The step a right code belongs to, or null (checked at the server clock's time). */
  function stepOf(secret: string, code: string): number | null {
    const epoch = clock.now().getTime();
    const delta = authenticator.clone({ epoch, window: 1 }).checkDelta(code, secret);
    if (delta === null) return null;
    return Math.floor(epoch / 1000 / STEP_SECONDS) + delta;
  }

  async function status(caller: AuthContext, verifiedAt: Date | null): Promise<SecondFactorStatus> {
    const row = await q.findSecondFactor(db, caller.userId);
    const verified = isSecondFactorFresh(verifiedAt, clock.now());
    return {
      enrolled: !!row?.confirmedAt,
      verified,
      verifiedUntil: verified ? secondFactorExpiresAt(verifiedAt)!.toISOString() : null,
      recoveryCodesLeft: row?.confirmedAt ? await q.countRecoveryCodesLeft(db, caller.userId) : 0,
    };
  }

  /**
   * One attempt at a code, as one atomic step: a transaction-level advisory lock per staff member
   * (PostgreSQL and PGlite alike) holds every other attempt of theirs while this one counts the recent
   * wrong codes, checks the code and records the outcome. Without it, 200 codes sent at once were all
   * counted against the same 0 failures and all checked (issue 36, item 1).
   */
  async function attempt<T>(
    caller: AuthContext,
    client: ClientInfo,
    step: 'confirm' | 'verify',
    check: (tx: Db) => Promise<T | null>,
  ): Promise<Result<T, AdminErrorCode>> {
    return db.transaction(async (tx) => {
      await q.lockSecondFactorAttempts(tx, caller.userId);
      const since = new Date(clock.now().getTime() - WRONG_WINDOW_MS);
      if ((await audit.countRecent(tx, caller.userId, 'admin.secondFactorFailed', since)) >= MAX_WRONG)
        return fail('SECOND_FACTOR_TOO_MANY' as const);
      const done = await check(tx);
      if (done !== null) return ok(done);
      await audit.record(tx, {
        action: 'admin.secondFactorFailed',
        actorUserId: caller.userId,
        teamId: caller.teamId,
        ip: client.ip,
        details: { step },
      });
      return fail('SECOND_FACTOR_WRONG' as const);
    });
  }

  return {
    status: (caller: AuthContext) => status(caller, caller.secondFactorAt),

    async startSetup(caller: AuthContext, client: ClientInfo) {
      const secret = authenticator.generateSecret(20);
      const sealed = sealSecret(deps.secret, secret);
      if (!(await q.upsertPendingSecondFactor(db, caller.userId, sealed, clock.now())))
        return fail('SECOND_FACTOR_ALREADY_SET_UP' as const);
      await audit.record(db, {
        action: 'admin.secondFactorSetupStarted',
        actorUserId: caller.userId,
        teamId: caller.teamId,
        ip: client.ip,
      });
      const otpauthUrl = authenticator.keyuri(caller.user.email, ISSUER, secret);
      const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
      return ok({ secret, otpauthUrl, qrDataUrl });
    },

    /** The first right code confirms the setup, gives the factor for this session and answers the recovery codes. */
    async confirmSetup(
      caller: AuthContext,
      code: string,
      client: ClientInfo,
    ): Promise<Result<{ recoveryCodes: string[]; status: SecondFactorStatus }, AdminErrorCode>> {
      const row = await q.findSecondFactor(db, caller.userId);
      if (!row) return fail('SECOND_FACTOR_NOT_SET_UP');
      if (row.confirmedAt) return fail('SECOND_FACTOR_ALREADY_SET_UP');
      const now = clock.now();
      const codes = newRecoveryCodes();
      const done = await attempt(caller, client, 'confirm', async (tx) => {
        const step = isTotpCode(code)
          ? stepOf(openSecret(deps.secret, row.sealedSecret), code.replace(/\s/g, ''))
          : null;
        if (step === null || !(await q.takeStep(tx, caller.userId, step, now))) return null;
        await q.replaceRecoveryCodes(
          tx,
          caller.userId,
          codes.map((c) => recoveryHash(caller.userId, c)),
          now,
        );
        await deps.auth.markSecondFactor(tx, caller.sessionId, now);
        await audit.record(tx, {
          action: 'admin.secondFactorSetUp',
          actorUserId: caller.userId,
          teamId: caller.teamId,
          ip: client.ip,
        });
        return true;
      });
      if (!done.ok) return done;
      return ok({ recoveryCodes: codes, status: await status(caller, now) });
    },

    /** Gives the factor for this session: a TOTP code (each step once) or an unused recovery code. */
    async verify(
      caller: AuthContext,
      code: string,
      client: ClientInfo,
    ): Promise<Result<{ status: SecondFactorStatus; usedRecoveryCode: boolean }, AdminErrorCode>> {
      const row = await q.findSecondFactor(db, caller.userId);
      if (!row?.confirmedAt) return fail('SECOND_FACTOR_NOT_SET_UP');
      const now = clock.now();
      const usedRecoveryCode = !isTotpCode(code);
      const done = await attempt(caller, client, 'verify', async (tx) => {
        if (usedRecoveryCode) {
          const hash = recoveryHash(caller.userId, normalizeRecoveryCode(code));
          if (!(await q.useRecoveryCode(tx, caller.userId, hash, now))) return null;
        } else {
          const step = stepOf(openSecret(deps.secret, row.sealedSecret), code.replace(/\s/g, ''));
          if (step === null || !(await q.takeStep(tx, caller.userId, step, null))) return null;
        }
        await deps.auth.markSecondFactor(tx, caller.sessionId, now);
        await audit.record(tx, {
          action: 'admin.secondFactorVerified',
          actorUserId: caller.userId,
          teamId: caller.teamId,
          ip: client.ip,
          details: { method: usedRecoveryCode ? 'recoveryCode' : 'totp' },
        });
        return true;
      });
      if (!done.ok) return done;
      return ok({ status: await status(caller, now), usedRecoveryCode });
    },
  };
}
