import { servicePlugin } from '../../plugins/services.js';
import { createBillingService } from './billing.service.js';
import { createLedger } from './ledger.service.js';
import { createPlans } from './plans.service.js';

/**
 * Plans and credits: the plan limits other domains check where their work happens (texts, users,
 * DNC), the credits ledger that payments, look-ups and staff write to, and Settings > Billing.
 */
export const billingPlugin = servicePlugin('billing', [], (app) => {
  const { db } = app.database;
  const plans = createPlans({ db, clock: app.clock });
  const ledger = createLedger({ db, clock: app.clock });
  return {
    plans,
    ledger,
    billing: createBillingService({
      plans,
      ledger,
      paymentsConfigured: app.config.STRIPE_SECRET_KEY !== undefined,
    }),
  };
});
