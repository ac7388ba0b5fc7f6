import { unitsToDollars, type BillingSummary } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import type { LedgerService } from './ledger.service.js';
import * as q from './payments.queries.js';
import type { PlansService } from './plans.service.js';

/** Settings > Billing's summary: plan, credits, card, autofill and subscription as the team holds them. */
export async function billingSummary(
  deps: { db: Db; provider: PaymentsProvider; plans: PlansService; ledger: LedgerService },
  teamId: string,
): Promise<BillingSummary> {
  const { db, provider } = deps;
  const [plan, units, a] = await Promise.all([
    deps.plans.planOf(teamId),
    deps.ledger.balance(teamId),
    q.findAccount(db, teamId),
  ]);
  const hasCard = !!a?.paymentMethodId && !!a.cardLast4;
  return {
    plan: plan.name,
    credits: unitsToDollars(units),
    paymentsConfigured: provider.configured,
    card: hasCard
      ? {
          brand: a.cardBrand ?? '',
          last4: a.cardLast4!,
          expMonth: a.cardExpMonth ?? 0,
          expYear: a.cardExpYear ?? 0,
        }
      : null,
    autoFill: a?.autoFill ?? false,
    load: a?.autofillLoad != null ? unitsToDollars(a.autofillLoad) : null,
    lowerThan: a?.autofillLowerThan != null ? unitsToDollars(a.autofillLowerThan) : null,
    autofillFailure: a?.autofillFailure ?? null,
    subscription:
      a?.subscriptionId && a.subscriptionPlan && a.subscriptionStatus && a.subscriptionStatus !== 'canceled'
        ? {
            plan: a.subscriptionPlan,
            monthly: a.subscriptionMonthly ?? true,
            status: a.subscriptionStatus,
            cancelAtPeriodEnd: a.subscriptionCancelAtPeriodEnd,
            currentPeriodEnd: a.subscriptionPeriodEnd?.toISOString() ?? null,
          }
        : null,
  };
}
