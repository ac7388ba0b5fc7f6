import type { AffiliateSummaryDto } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { LoadReason } from '../billing/index.js';
import {
  affiliatesContext,
  refusable,
  summaryOf,
  takeEarnings,
  type AffiliatesDeps,
} from './affiliates.context.js';
import type { AffiliatesErrorCode } from './affiliates.errors.js';
import * as q from './affiliates.queries.js';
import { createPayoutsUseCases } from './payouts.service.js';
import { createReferrals } from './referrals.service.js';

export type AffiliatesService = ReturnType<typeof createAffiliatesService>;
export type { ReferredPayment } from './referrals.service.js';

/** The credits ledger's reason for earnings moved into credits (a load, ADR 021). */
const CREDITS_REASON: LoadReason = 'affiliateEarnings';

type Answer<T, C extends string = never> = Promise<Result<T, 'PERMISSION_REQUIRED' | C>>;

/**
 * The affiliate programme (spec part 2 §2 'Affiliate', §5, §7, §9; ADR 021): a link per user, teams
 * that signed up through it, a share of their payments as earnings (referrals.service.ts), and the
 * earnings withdrawn to a payout account (payouts.service.ts) or loaded into the team's credits.
 * Admins only, as the screen is.
 */
export function createAffiliatesService(deps: AffiliatesDeps) {
  const ctx = affiliatesContext(deps);
  const { db, clock, ledger, codeOf } = ctx;
  const isAdmin = (auth: AuthContext) => auth.user.role === 'admin';
  const payouts = createPayoutsUseCases(ctx);

  return {
    /** The code of a user's link (what the link's hash is). */
    codeOf,

    ...createReferrals(ctx),

    async get(auth: AuthContext): Answer<AffiliateSummaryDto> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      await payouts.resendPending(auth.userId);
      return ok(await summaryOf(ctx, auth.userId));
    },

    /** Pays `cents` of the earnings out to the user's payout account (payouts.service.ts). */
    async withdraw(auth: AuthContext, cents: number): Answer<AffiliateSummaryDto, AffiliatesErrorCode> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      return payouts.withdraw(auth, cents);
    },

    /**
     * Moves `cents` of the earnings into the team's credits: the earnings' line and the ledger's
     * entry commit together or not at all, and the ledger entry carries the line's id as its external
     * id, so it can never be credited twice.
     */
    async loadAccount(auth: AuthContext, cents: number): Answer<AffiliateSummaryDto, AffiliatesErrorCode> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      await q.ensureAccount(db, auth.userId, codeOf(auth.userId), clock.now());
      const loaded = await refusable(() =>
        db.transaction(async (tx) => {
          const entry = await takeEarnings(ctx, tx, auth.userId, cents, {
            kind: 'credits',
            description: 'Loaded into credits',
          });
          const credited = await ledger.load(
            {
              teamId: auth.teamId,
              amount: cents * 100,
              reason: CREDITS_REASON,
              externalId: `affiliate-load-${entry.id}`,
              description: 'Affiliate earnings loaded into credits',
              actorId: auth.userId,
            },
            tx,
          );
          if (!credited.ok) throw new Error(`affiliate earnings could not be credited: ${credited.code}`);
        }),
      );
      if (!loaded.ok) return loaded;
      return ok(await summaryOf(ctx, auth.userId));
    },

    /** The provider's onboarding page for the user's payout account (payouts.service.ts). */
    async become(auth: AuthContext): Answer<{ url: string }, AffiliatesErrorCode> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      return payouts.become(auth);
    },
  };
}
