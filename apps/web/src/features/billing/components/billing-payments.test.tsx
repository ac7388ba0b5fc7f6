import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories';
import { DEFAULT_CONFIG, mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

/*
 * Settings > Billing's payments. Stripe Elements cannot load here (no network): the Stripe packages
 * are replaced at their module boundary by a card field that confirms as Stripe.js would.
 */
const confirmCardSetup = vi.fn(
  async () => ({ setupIntent: { status: 'succeeded' } }) as Record<string, unknown>,
);
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: () => <input aria-label="Card number" />,
  useStripe: () => ({ confirmCardSetup }),
  useElements: () => ({ getElement: () => ({}) }),
}));

const BASE = {
  plan: 'BASIC',
  credits: 4,
  paymentsConfigured: true,
  card: null,
  autoFill: false,
  load: null,
  lowerThan: null,
  autofillFailure: null,
  subscription: null,
};
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
const WITH_CARD = { ...BASE, card: CARD };

/** The server's billing as it stands: a payment call's answer is what it reads afterwards. */
let current: object = BASE;
/** A payment call answering `billing`, which the server then holds. */
const answers =
  (billing: object): FakeRoute =>
  () => {
    current = billing;
    return { status: 200, body: billing };
  };

function setUp(billing: object, routes: Record<string, FakeRoute> = {}) {
  current = billing;
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/config': {
      status: 200,
      body: { ...DEFAULT_CONFIG, stripePublishableKey: 'pk_test_123456789' },
    },
    'GET /api/billing/get': () => ({ status: 200, body: current }),
    ...routes,
  });
  renderApp('/settings/billing', { token: 'token-ann' });
  return userEvent.setup();
}

describe('the active card', () => {
  it('adds a card with Stripe Elements: the confirmed SetupIntent is what the server saves', async () => {
    const user = setUp(BASE, {
      'POST /api/billing/setupIntent': {
        status: 200,
        body: { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_x' },
      },
      'PATCH /api/billing/changeCard': answers(WITH_CARD),
    });
    const card = within(await screen.findByRole('region', { name: 'Active card' }));
    expect(card.getByText('No card yet.')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Add a card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a card' }));
    await user.type(await dialog.findByLabelText('Card number'), '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(requestsTo('PATCH', '/api/billing/changeCard')).toHaveLength(1));
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', { payment_method: { card: {} } });
    expect(requestsTo('PATCH', '/api/billing/changeCard')[0]!.body).toEqual({ token: 'seti_1' });
    expect(await card.findByText('Visa •••• 4242')).toBeInTheDocument();
  });

  it('shows Stripe’s refusal of the card and saves nothing', async () => {
    confirmCardSetup.mockResolvedValueOnce({ error: { message: 'Your card number is incorrect.' } });
    const user = setUp(BASE, {
      'POST /api/billing/setupIntent': {
        status: 200,
        body: { setupIntentId: 'seti_2', clientSecret: 'seti_2_secret' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a card' }));
    await user.click(await dialog.findByRole('button', { name: 'Save card' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    expect(requestsTo('PATCH', '/api/billing/changeCard')).toHaveLength(0);
  });
});

describe('adding credits', () => {
  it('says a card is needed first, in the spec words, and charges nothing', async () => {
    const user = setUp(BASE);
    await user.click(await screen.findByRole('button', { name: 'Add credits' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add credits' }));
    await user.click(dialog.getByRole('button', { name: /^Pay/ }));
    expect(dialog.getByRole('alert')).toHaveTextContent('You need to add a card first.');
    expect(requestsTo('POST', '/api/billing/addCredits')).toHaveLength(0);
  });

  it('refuses less than $10 and asks for an empty amount, then pays what is typed', async () => {
    const user = setUp(WITH_CARD, {
      'POST /api/billing/addCredits': { status: 200, body: { ...WITH_CARD, credits: 29 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add credits' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add credits' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.click(dialog.getByRole('button', { name: /^Pay/ }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please specify the amount.');
    await user.type(amount, '5');
    await user.click(dialog.getByRole('button', { name: /^Pay/ }));
    expect(dialog.getByRole('alert')).toHaveTextContent('You can load minimum $10s.');
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(dialog.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() => expect(requestsTo('POST', '/api/billing/addCredits')).toHaveLength(1));
    expect(requestsTo('POST', '/api/billing/addCredits')[0]!.body).toEqual({ amount: 25 });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add credits' })).not.toBeInTheDocument(),
    );
  });
});

describe('autofill', () => {
  it('needs a card before it is turned on, in the spec words', async () => {
    const user = setUp(BASE);
    await user.click(await screen.findByRole('button', { name: 'Autofill settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Autofill settings' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('You need to add a card before enabling autofill.');
    expect(requestsTo('PATCH', '/api/billing/changeAutoFill')).toHaveLength(0);
  });

  it('sends the amount and threshold as numbers', async () => {
    const user = setUp(WITH_CARD, {
      'PATCH /api/billing/changeAutoFill': answers({ ...WITH_CARD, autoFill: true, load: 50, lowerThan: 10 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Autofill settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Autofill settings' }));
    const load = dialog.getByRole('textbox', { name: /^Load/ });
    await user.clear(load);
    await user.type(load, '50');
    const below = dialog.getByRole('textbox', { name: 'When credits fall below' });
    await user.clear(below);
    await user.type(below, '10');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo('PATCH', '/api/billing/changeAutoFill')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/billing/changeAutoFill')[0]!.body).toEqual({
      autoFill: true,
      load: 50,
      lowerThan: 10,
    });
    expect(await screen.findByText(/Autofill: \$50\.00 when below \$10\.00/)).toBeInTheDocument();
  });
});

describe('the subscription', () => {
  it('subscribes to PRO yearly with the saved card after saying what is charged', async () => {
    const user = setUp(WITH_CARD, {
      'POST /api/billing/subscribe': {
        status: 200,
        body: {
          ...WITH_CARD,
          plan: 'PRO',
          subscription: {
            plan: 'PRO',
            monthly: false,
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: '2027-01-05T15:00:00.000Z',
          },
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(
      within(screen.getByRole('article', { name: 'PRO plan' })).getByRole('button', {
        name: 'Subscribe to PRO',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to PRO' }));
    expect(dialog.getByText(/Visa •••• 4242 is charged now/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Pay $240 and subscribe' }));
    await waitFor(() => expect(requestsTo('POST', '/api/billing/subscribe')).toHaveLength(1));
    expect(requestsTo('POST', '/api/billing/subscribe')[0]!.body).toEqual({ plan: 'PRO', monthly: false });
  });

  it('cancels after the confirmation, at the end of the period', async () => {
    const sub = {
      plan: 'LITE',
      monthly: true,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-02-05T15:00:00.000Z',
    };
    const user = setUp(
      { ...WITH_CARD, plan: 'LITE', subscription: sub },
      {
        'POST /api/billing/cancelSubscription': answers({
          ...WITH_CARD,
          plan: 'LITE',
          subscription: { ...sub, cancelAtPeriodEnd: true },
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel subscription' }));
    expect(dialog.getByText(/Your LITE plan stays until February 5, 2026/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(requestsTo('POST', '/api/billing/cancelSubscription')).toHaveLength(1));
    expect(await screen.findByText(/Cancelled: LITE ends on Feb 5, 2026, then BASIC\./)).toBeInTheDocument();
  });
});
