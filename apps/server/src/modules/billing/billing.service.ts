import {
  BILLING_HISTORY_PAGE_SIZE,
  seesTeamCredits,
  unitsToDollars,
  type BillingSummary,
  type CreditEntryDto,
} from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { LedgerService } from './ledger.service.js';
import type { PaymentsService } from './payments.service.js';
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
  payments: Pick<PaymentsService, 'summary'>;
}) {
  const { plans, ledger } = deps;
  const allowed = (auth: AuthContext) => seesTeamCredits(auth.user);

  return {
    async get(auth: AuthContext): Answer<BillingSummary> {
      if (!allowed(auth)) return fail('PERMISSION_REQUIRED');
      return ok(await deps.payments.summary(auth.teamId));
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
