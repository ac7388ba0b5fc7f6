import { servicePlugin } from '../../plugins/services.js';
import { createPayments } from '../../providers/payments/index.js';
import { createAutofill } from './autofill.js';
import { createBillingService } from './billing.service.js';
import { createLedger } from './ledger.service.js';
import { createPaymentRecords } from './payment-records.js';
import { createPaymentsService } from './payments.service.js';
import { createPlans } from './plans.service.js';
import { createWebhooks } from './webhooks.service.js';

/**
 * Plans and credits: the plan limits other domains check where their work happens (texts, users,
 * DNC), the credits ledger that payments, look-ups and staff write to, payments through Stripe (card,
 * credits, autofill, subscriptions, webhooks; ADR 019), and Settings > Billing.
 */
export const billingPlugin = servicePlugin('billing', ['realtime'], (app) => {
  const { db } = app.database;
  const { config, clock, log } = app;
  const plans = createPlans({ db, clock });
  const ledger = createLedger({
    db,
    clock,
    announce: (teamId, credits) => app.realtime.toTeam(teamId, 'creditsChanged', { credits }),
  });
  const provider = createPayments({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL,
    webhookToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_S,
  });
  const records = createPaymentRecords({ db, clock, ledger, plans, log });
  // Credits a payment loaded (by our own call, Stripe's webhook or autofill) show in the top bar at once.
  records.onPaymentSucceeded(async ({ teamId, kind }) => {
    if (kind === 'credits' || kind === 'autofill') await ledger.announce(teamId);
  });
  const autofill = createAutofill({ db, clock, provider, records, log });
  ledger.onDebited((teamId) => autofill.afterDebit(teamId));
  const service = createPaymentsService({ db, clock, provider, plans, ledger, records });
  const webhooks = createWebhooks({ db, clock, provider, records, log });
  return {
    plans,
    ledger,
    billing: createBillingService({ plans, ledger, payments: service }),
    payments: {
      ...service,
      publishableKey: provider.publishableKey,
      onPaymentSucceeded: records.onPaymentSucceeded,
      receiveWebhook: webhooks.receive,
      autofillSettled: autofill.settled,
    },
  };
});
