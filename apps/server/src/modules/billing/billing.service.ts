import {
  BILLING_HISTORY_PAGE_SIZE,
  seesTeamCredits,
  unitsToDollars,
  type CreditEntryDto,
  type PlanName,
} from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { LedgerService } from './ledger.service.js';
import type { PlansService } from './plans.service.js';

export type BillingService = ReturnType<typeof createBillingService>;

type Answer<T> = Promise<Result<T, 'PERMISSION_REQUIRED'>>;

/**
 * Settings > Billing for the team's admins (spec part 2 §6), and the product's staff (part 1 §6: the
 * support user sees a team's credits): the plan, this month's usage, the credits and their history.
 */
export function createBillingService(deps: {
  plans: PlansService;
  ledger: LedgerService;
  paymentsConfigured: boolean;
}) {
  const { plans, ledger } = deps;
  const allowed = (auth: AuthContext) => seesTeamCredits(auth.user);

  return {
    async get(auth: AuthContext): Answer<{ plan: PlanName; credits: number; paymentsConfigured: boolean }> {
      if (!allowed(auth)) return fail('PERMISSION_REQUIRED');
      const plan = await plans.planOf(auth.teamId);
      const units = await ledger.balance(auth.teamId);
      return ok({
        plan: plan.name,
        credits: unitsToDollars(units),
        paymentsConfigured: deps.paymentsConfigured,
      });
    },

    async usage(auth: AuthContext) {
      if (!allowed(auth)) return fail('PERMISSION_REQUIRED');
      const { plan, ...usage } = await plans.usage(auth.teamId);
      return ok({ plan: plan.name, ...usage });
    },

    async history(auth: AuthContext, skip: number): Answer<{ entries: CreditEntryDto[]; total: number }> {
      if (!allowed(auth)) return fail('PERMISSION_REQUIRED');
      const page = await ledger.history(auth.teamId, { skip, limit: BILLING_HISTORY_PAGE_SIZE });
      return ok({
        total: page.total,
        entries: page.entries.map((e) => ({
          _id: e.id,
          amount: unitsToDollars(e.amount),
          reason: e.reason,
          description: e.description,
          createdAt: e.createdAt.toISOString(),
        })),
      });
    },
  };
}
