import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  addCreditsProblem,
  autofillProblem,
  centsToUnits,
  dollarsToCents,
  formatCard,
  managesPayments,
  needsAutofill,
  planOfLookupKey,
  planPriceCents,
  planUnderSubscription,
  priceLookupKey,
  subscriptionEventApplies,
  type SubscriptionSnapshot,
} from './billing.js';

describe('adding credits', () => {
  it('asks for a card first, in the spec words', () => {
    expect(addCreditsProblem(50, false)).toBe('You need to add a card first.');
  });
  it('asks for the amount when it is empty', () => {
    expect(addCreditsProblem(undefined, true)).toBe('Please specify the amount.');
    expect(addCreditsProblem(null, true)).toBe('Please specify the amount.');
    expect(addCreditsProblem(Number.NaN, true)).toBe('Please specify the amount.');
  });
  it('refuses less than $10 and takes $10 exactly', () => {
    expect(addCreditsProblem(9.99, true)).toBe('You can load minimum $10s.');
    expect(addCreditsProblem(0, true)).toBe(messages.billing.minimumLoad);
    expect(addCreditsProblem(10, true)).toBeNull();
  });
});

describe('autofill settings', () => {
  it('may always be turned off, card or not', () => {
    expect(autofillProblem({ autoFill: false, load: null, lowerThan: null }, false)).toBeNull();
  });
  it('needs a card before it is turned on, in the spec words', () => {
    expect(autofillProblem({ autoFill: true, load: 20, lowerThan: 5 }, false)).toBe(
      'You need to add a card before enabling autofill.',
    );
  });
  it('needs an amount to load of at least $10 and a threshold', () => {
    expect(autofillProblem({ autoFill: true, load: undefined, lowerThan: 5 }, true)).toBe(
      'Please specify the amount.',
    );
    expect(autofillProblem({ autoFill: true, load: 20, lowerThan: null }, true)).toBe(
      'Please specify the amount.',
    );
    expect(autofillProblem({ autoFill: true, load: 5, lowerThan: 5 }, true)).toBe(
      'You can load minimum $10s.',
    );
    expect(autofillProblem({ autoFill: true, load: 10, lowerThan: 0 }, true)).toBeNull();
  });
  it('loads when a balance falls below the threshold, not at it', () => {
    expect(needsAutofill({ autoFill: true, lowerThanUnits: 50_000 }, 49_999)).toBe(true);
    expect(needsAutofill({ autoFill: true, lowerThanUnits: 50_000 }, 50_000)).toBe(false);
    expect(needsAutofill({ autoFill: false, lowerThanUnits: 50_000 }, 0)).toBe(false);
  });
});

describe('money for the card network', () => {
  it('turns dollars into cents and refuses fractions of a cent', () => {
    expect(dollarsToCents(10)).toBe(1000);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(10.005)).toBeNull();
    expect(centsToUnits(1000)).toBe(100_000);
  });
  it('prices the plans as the plan table does', () => {
    expect(planPriceCents('LITE', true)).toBe(1900);
    expect(planPriceCents('LITE', false)).toBe(19_000);
    expect(planPriceCents('PRO', true)).toBe(2400);
    expect(planPriceCents('PRO', false)).toBe(24_000);
  });
  it('names each plan and period with a lookup key it can read back', () => {
    expect(priceLookupKey('PRO', false)).toBe('prospector_pro_yearly');
    expect(planOfLookupKey(priceLookupKey('LITE', true))).toEqual({ plan: 'LITE', monthly: true });
    expect(planOfLookupKey('prospector_basic_monthly')).toBeNull();
    expect(planOfLookupKey(null)).toBeNull();
  });
  it('shows a card by brand and last four digits', () => {
    expect(formatCard({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
  });
  it('lets admins pay and no one else', () => {
    expect(managesPayments({ role: 'admin' })).toBe(true);
    expect(managesPayments({ role: 'member' })).toBe(false);
  });
});

describe('subscriptions and their events', () => {
  const sub = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
    id: 'sub_1',
    status: 'active',
    createdAt: 1000,
    stateAt: 2000,
    ...over,
  });

  it('gives the plan while active, trialing or past due, and BASIC otherwise', () => {
    expect(planUnderSubscription('active', 'PRO')).toBe('PRO');
    expect(planUnderSubscription('past_due', 'LITE')).toBe('LITE');
    expect(planUnderSubscription('canceled', 'PRO')).toBe('BASIC');
    expect(planUnderSubscription('incomplete', 'PRO')).toBe('BASIC');
  });
  it('applies the first event it hears of, even a deletion', () => {
    expect(subscriptionEventApplies(null, sub({ status: 'canceled' }))).toBe(true);
  });
  it('ignores a state older than the one held', () => {
    expect(subscriptionEventApplies(sub({ stateAt: 3000 }), sub({ stateAt: 2000 }))).toBe(false);
    expect(subscriptionEventApplies(sub({ stateAt: 2000 }), sub({ stateAt: 3000, status: 'past_due' }))).toBe(
      true,
    );
  });
  it('ends a subscription whenever its end arrives, even stamped before the state held', () => {
    expect(subscriptionEventApplies(sub({ stateAt: 3000 }), sub({ status: 'canceled', stateAt: 2000 }))).toBe(
      true,
    );
  });
  it('never revives a canceled subscription, however late its creation arrives', () => {
    expect(
      subscriptionEventApplies(
        sub({ status: 'canceled', stateAt: 2000 }),
        sub({ status: 'active', stateAt: 9000 }),
      ),
    ).toBe(false);
  });
  it('takes a newer subscription over an ended one, never an older one', () => {
    const ended = sub({ status: 'canceled', createdAt: 1000 });
    expect(subscriptionEventApplies(ended, sub({ id: 'sub_2', createdAt: 5000 }))).toBe(true);
    expect(
      subscriptionEventApplies(
        sub({ id: 'sub_2', createdAt: 5000 }),
        sub({ id: 'sub_1', createdAt: 1000, status: 'canceled' }),
      ),
    ).toBe(false);
  });
  it('does not let a newer, ended subscription end a live one', () => {
    expect(subscriptionEventApplies(sub(), sub({ id: 'sub_2', createdAt: 5000, status: 'canceled' }))).toBe(
      false,
    );
  });
});
