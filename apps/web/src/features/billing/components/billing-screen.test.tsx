import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreditEntryDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const USAGE = {
  plan: 'BASIC',
  month: '2026-01',
  timeZone: 'America/New_York',
  sms: { used: 412, limit: 500 },
  calls: { used: 0, limit: 250 },
  users: { used: 2, limit: 2 },
};

const NO_PAYMENTS = {
  plan: 'BASIC',
  credits: 0,
  paymentsConfigured: false,
  card: null,
  autoFill: false,
  load: null,
  lowerThan: null,
  autofillFailure: null,
  subscription: null,
};

function entry(i: number, overrides: Partial<CreditEntryDto> = {}): CreditEntryDto {
  return {
    _id: `entry-${i}`,
    amount: -0.07,
    reason: 'skipTraceHit',
    description: `Skip trace: hit ${i}`,
    createdAt: '2026-01-05T15:00:00.000Z',
    ...overrides,
  };
}

function setUp(routes: Record<string, FakeRoute> = {}, user = buildUser()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'GET /api/billing/get': {
      status: 200,
      body: { ...NO_PAYMENTS, credits: 12.5075 },
    },
    'GET /api/billing/usage': { status: 200, body: USAGE },
    'GET /api/billing/history': {
      status: 200,
      body: {
        total: 2,
        entries: [
          entry(1, { amount: -0.0075, description: 'Parcel look-up' }),
          entry(2, { amount: 12.51, reason: 'adminGrant', description: 'Credits added by Sam Support' }),
        ],
      },
    },
    ...routes,
  });
  return renderApp('/settings/billing', { token: 'token-ann' });
}

describe('Settings > Billing', () => {
  it("shows the plan with this month's texts, calls and users against its limits", async () => {
    setUp();
    const plan = within(await screen.findByRole('region', { name: 'Current plan' }));
    expect(await plan.findByRole('heading', { name: 'BASIC' })).toBeInTheDocument();
    expect(plan.getByText('January 2026')).toBeInTheDocument();
    expect(plan.getByText('412 of 500')).toBeInTheDocument();
    expect(plan.getByText('0 of 250')).toBeInTheDocument();
    expect(plan.getByText('2 of 2')).toBeInTheDocument();
    expect(plan.getByText(/America\/New_York/)).toBeInTheDocument();
  });

  it('shows unlimited measures of a paid plan as Unlimited, without a bar', async () => {
    setUp({
      'GET /api/billing/usage': {
        status: 200,
        body: { ...USAGE, plan: 'PRO', sms: { used: 9120, limit: null }, users: { used: 7, limit: null } },
      },
    });
    const plan = within(await screen.findByRole('region', { name: 'Current plan' }));
    expect(await plan.findByText('9,120 · Unlimited')).toBeInTheDocument();
    expect(plan.getAllByRole('progressbar')).toHaveLength(1); // the calls' limit only
  });

  it('shows the credits to 2 decimals, and says payments are not configured instead of taking one', async () => {
    setUp();
    const credits = within(await screen.findByRole('region', { name: 'Credits' }));
    expect(await credits.findByRole('heading', { name: '$12.50' })).toBeInTheDocument();
    expect(credits.getByRole('button', { name: 'Payments are not configured' })).toBeDisabled();
    const prices = within(credits.getByRole('list', { name: 'Prices on BASIC' }));
    expect(prices.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Skip trace, per hit$0.06',
      'Phone look-up$0.006',
      'E-mail look-up$0.005',
      'Skip trace with alternate data, per hit$0.07',
      'Parcel data$0.015',
    ]);
  });

  it('offers the three plans monthly or yearly, marks the current one, and cannot subscribe without payments', async () => {
    const { user } = setUp();
    const lite = within(await screen.findByRole('article', { name: 'LITE plan' }));
    const pro = within(screen.getByRole('article', { name: 'PRO plan' }));
    const basic = within(screen.getByRole('article', { name: 'BASIC plan' }));
    expect(lite.getByText('$19')).toBeInTheDocument();
    expect(pro.getByText('$24')).toBeInTheDocument();
    expect(basic.getByText('Current plan')).toBeInTheDocument();
    expect(basic.getByText('500 texts a month')).toBeInTheDocument();
    expect(basic.getByText('No DNC import and export')).toBeInTheDocument();
    expect(lite.getByText('5 users')).toBeInTheDocument();
    expect(pro.getByText('Unlimited users')).toBeInTheDocument();
    expect(pro.getByText('Alternate-data skip traces at $0.05')).toBeInTheDocument();
    for (const card of [lite, pro])
      expect(card.getByRole('button', { name: 'Payments are not configured' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(lite.getByText('$190')).toBeInTheDocument();
    expect(pro.getByText('$240')).toBeInTheDocument();
    expect(lite.getByText('a year')).toBeInTheDocument();
  });

  it('lists the history with each amount and description, sub-cent amounts in full', async () => {
    setUp();
    const table = await screen.findByRole('table', { name: 'Billing history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Parcel look-up\s*−\$0\.0075$/),
      expect.stringMatching(/Credits added by Sam Support\s*\+\$12\.51$/),
    ]);
  });

  it('says so when nothing has been added or used yet', async () => {
    setUp({ 'GET /api/billing/history': { status: 200, body: { entries: [], total: 0 } } });
    expect(await screen.findByText('No credits have been added or used yet.')).toBeInTheDocument();
  });

  it('pages through a long history, 20 entries at a time', async () => {
    // The fake server sees paths without their query: it answers the pages in the order asked.
    const pages = [0, 20];
    const { user } = setUp({
      'GET /api/billing/history': () => {
        const skip = pages.shift() ?? 20;
        return {
          status: 200,
          body: { total: 45, entries: Array.from({ length: 20 }, (_, i) => entry(skip + i)) },
        };
      },
    });
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer entries' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('21–40 of 45')).toBeInTheDocument();
    expect(screen.getByText('Skip trace: hit 20')).toBeInTheDocument();
    expect(screen.queryByText('Skip trace: hit 0')).not.toBeInTheDocument();
  });
});

describe('the top bar', () => {
  it("shows an admin the team's credits, leading to Settings > Billing", async () => {
    const { location, user } = setUp();
    const credits = await screen.findByRole('link', { name: 'Credits: $12.50' });
    await user.click(credits);
    await waitFor(() => expect(location.current).toBe('/settings/billing'));
  });

  it('reads the credits again when a skip trace has charged some', async () => {
    let credits = 12.5075;
    setUp({ 'GET /api/billing/get': () => ({ status: 200, body: { ...NO_PAYMENTS, credits } }) });
    await screen.findByRole('link', { name: 'Credits: $12.50' });
    credits = 11.9075;
    const metrics = { listId: 'list-1', hits: 10, landlines: 0, dnc: 1, cost: 0.6 };
    latestSocket().serverEmit('skiptraceProgress', { listId: 'list-1', run: null, metrics });
    expect(await screen.findByRole('link', { name: 'Credits: $11.90' })).toBeInTheDocument();
  });

  it('shows a member no credits', async () => {
    mockApi({
      'GET /api/users/me': {
        status: 200,
        body: { user: buildUser({ role: 'member', permissions: ['sms'] }) },
      },
    });
    renderApp('/billing', { token: 'token-mo' });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /^Credits/ })).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/billing/get')).toHaveLength(0);
  });
});
