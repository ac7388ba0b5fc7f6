import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AffiliateSummaryDto } from '@prospector/core';
import { MantineProvider } from '@mantine/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { BecomeAffiliatePage } from './become-affiliate-page';

const LINK = 'https://app.prospector.test/#Xy3_k-9QpL2mN8aB';

function summary(overrides: Partial<AffiliateSummaryDto> = {}): AffiliateSummaryDto {
  return {
    earnings: 42.5,
    totalEarned: 57.5,
    link: LINK,
    signups: 3,
    payoutAccount: 'connected',
    payoutsConfigured: true,
    history: [
      {
        _id: 'e2',
        amount: 15,
        minus: true,
        description: 'Loaded into credits',
        createdAt: '2026-01-05T15:00:00.000Z',
        pending: false,
      },
      {
        _id: 'e1',
        amount: 57.5,
        minus: false,
        description: '20% of $287.50 paid by Sierra Realty (subscription)',
        createdAt: '2026-01-04T15:00:00.000Z',
        pending: false,
      },
    ],
    ...overrides,
  };
}

function setUp(routes: Record<string, FakeRoute> = {}, user = buildUser()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'GET /api/affiliates/get': { status: 200, body: summary() },
    ...routes,
  });
  return renderApp('/settings/affiliate', { token: 'token-ann' });
}

describe('Settings > Affiliate', () => {
  it('shows the earnings, signups, payout account and the link with a copy button', async () => {
    setUp();
    const earnings = within(await screen.findByRole('region', { name: 'Earnings' }));
    expect(earnings.getByRole('heading', { name: '$42.50' })).toBeInTheDocument();
    expect(earnings.getByText('$57.50 earned in total')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Signups' })).getByRole('heading', { name: '3' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Payout account' })).getByText('Connected'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Affiliate link' })).toHaveValue(LINK);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('is in the settings menu of an admin', async () => {
    setUp();
    const menu = within(await screen.findByRole('navigation', { name: 'Settings' }));
    expect(menu.getByRole('link', { name: 'Affiliate' })).toHaveAttribute('href', '/settings/affiliate');
  });

  it('is not in a member’s menu, and sends a member who opens it to Team', async () => {
    const { location } = setUp(
      { 'GET /api/teams/listMembers': { status: 200, body: { members: [] } } },
      buildUser({ role: 'member' }),
    );
    await waitFor(() => expect(location.current).toBe('/settings/team'));
    const menu = within(await screen.findByRole('navigation', { name: 'Settings' }));
    expect(menu.queryByRole('link', { name: 'Affiliate' })).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/affiliates/get')).toHaveLength(0);
  });

  it('lists the history with each amount, its direction and description', async () => {
    setUp();
    const table = await screen.findByRole('table', { name: 'Affiliate history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Loaded into credits\s*−\$15\.00$/),
      expect.stringMatching(/Sierra Realty \(subscription\)\s*\+\$57\.50$/),
    ]);
  });

  it("says 'You don't have any affiliate signups yet.' before anyone signed up", async () => {
    setUp({
      'GET /api/affiliates/get': {
        status: 200,
        body: summary({ earnings: 0, totalEarned: 0, signups: 0, history: [] }),
      },
    });
    expect(await screen.findByText("You don't have any affiliate signups yet.")).toBeInTheDocument();
  });

  it('refuses a withdrawal above the earnings with the spec’s words, without calling the server', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw earnings' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount' }), '50');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(
      await dialog.findByText('The number you input is higher than your current affiliate earnings'),
    ).toBeInTheDocument();
    expect(requestsTo('POST', '/api/affiliates/withdraw')).toHaveLength(0);
  });

  it('withdraws an amount and shows the updated earnings', async () => {
    const { user } = setUp({
      'POST /api/affiliates/withdraw': {
        status: 200,
        body: summary({ earnings: 30.5 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw earnings' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount' }), '12');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('POST', '/api/affiliates/withdraw').map((r) => r.body)).toEqual([{ amount: 12 }]);
    expect(
      within(screen.getByRole('region', { name: 'Earnings' })).getByRole('heading', { name: '$30.50' }),
    ).toBeInTheDocument();
  });

  it('loads earnings into credits and shows the server’s refusal in the dialog', async () => {
    const { user } = setUp({
      'POST /api/affiliates/loadAccount': {
        status: 400,
        body: {
          code: 'AFFILIATE_OVER_EARNINGS',
          message: 'The number you input is higher than your current affiliate earnings',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Load into credits' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Load earnings into credits' }));
    await user.click(dialog.getByRole('button', { name: 'Use all' }));
    await user.click(dialog.getByRole('button', { name: 'Load into credits' }));
    expect(
      await dialog.findByText('The number you input is higher than your current affiliate earnings'),
    ).toBeInTheDocument();
    expect(requestsTo('POST', '/api/affiliates/loadAccount').map((r) => r.body)).toEqual([{ amount: 42.5 }]);
  });

  it('asks for a connected payout account before a cash withdrawal', async () => {
    const { user } = setUp({
      'GET /api/affiliates/get': { status: 200, body: summary({ payoutAccount: 'none' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw earnings' }));
    expect(dialog.getByText('Connect a payout account before withdrawing cash.')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Connect payout account' })).toHaveAttribute(
      'href',
      '/settings/become-affiliate',
    );
  });

  it('says payouts are not configured, and still offers loading into credits', async () => {
    setUp({
      'GET /api/affiliates/get': {
        status: 200,
        body: summary({ payoutsConfigured: false, payoutAccount: 'none' }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Load into credits' })).toBeEnabled();
    expect(screen.getByText(/Payouts are not configured/)).toBeInTheDocument();
  });
});

describe('/settings/become-affiliate', () => {
  it('shows only a spinner and goes to the payment provider’s page', async () => {
    mockApi({
      'GET /api/affiliates/become': {
        status: 200,
        body: { url: 'https://connect.stripe.test/setup/e/acct_1' },
      },
    });
    const redirect = vi.fn();
    render(
      <MemoryRouter>
        <MantineProvider>
          <BecomeAffiliatePage redirect={redirect} />
        </MantineProvider>
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://connect.stripe.test/setup/e/acct_1'));
  });

  it('comes back to Settings > Affiliate when payouts are not configured', async () => {
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser() } },
      'GET /api/affiliates/get': { status: 200, body: summary({ payoutsConfigured: false }) },
      'GET /api/affiliates/become': {
        status: 501,
        body: { code: 'PAYOUTS_NOT_CONFIGURED', message: 'Payouts are not configured' },
      },
    });
    const { location } = renderApp('/settings/become-affiliate', { token: 'token-ann' });
    await waitFor(() => expect(location.current).toBe('/settings/affiliate'));
  });
});
