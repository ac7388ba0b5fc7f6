import { withAllTeams } from '../../lib/team-scope.js';
import { servicePlugin } from '../../plugins/services.js';
import { createPayouts, type Payouts } from '../../providers/payouts/index.js';
import { createAffiliatesService } from './affiliates.service.js';

export type AffiliatesOptions = {
  /** The payouts provider; by default Stripe Connect when STRIPE_SECRET_KEY is set, else none. */
  payouts?: Payouts;
};

/**
 * The affiliate programme. The billing module's payments reach it through
 * `payments.onPaymentSucceeded` → `affiliates.recordReferredPayment`.
 */
export const affiliatesPlugin = servicePlugin<'affiliates', AffiliatesOptions>(
  'affiliates',
  ['billing'],
  (app, { ledger, payments }, options) => {
    const affiliates = createAffiliatesService({
      db: app.database.db,
      clock: app.clock,
      ledger,
      payouts:
        options.payouts ??
        createPayouts({ secretKey: app.config.STRIPE_SECRET_KEY, apiUrl: app.config.STRIPE_API_URL }),
      secret: app.config.authSecret,
      siteUrl: app.config.PUBLIC_URL,
      // Payments are reported outside any member's request: the cards are read across teams.
      cardOf: async (teamId) => withAllTeams(async () => (await payments.summary(teamId)).card),
    });
    // Every payment a team makes, once, after it is recorded: its referrer's share (ADR 021).
    payments.onPaymentSucceeded((payment) => affiliates.recordReferredPayment(payment).then(() => undefined));
    return { affiliates };
  },
);
