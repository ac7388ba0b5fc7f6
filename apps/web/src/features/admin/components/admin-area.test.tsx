import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, SECOND_FACTOR_REQUIRED } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const staff = buildUser({ name: 'Sam Staff', isStaff: true });
const me = (user = staff) => ({ 'GET /api/users/me': { status: 200, body: { user } } });
const status = (verified: boolean) => ({
  enrolled: true,
  verified,
  verifiedUntil: verified ? '2026-11-25T10:00:00.000Z' : null,
  recoveryCodesLeft: 10,
});
const EMPTY_PANEL = {
  teams: [],
  total: 0,
  page: 1,
  pageSize: 25,
  kpis: { teams: 0, smsOut: 0, smsBlocked: 0, blockRate: 0, activeCampaigns: 0, suspended: 0 },
};
const ACME = {
  _id: '7d3c2a4e-1b7f-4c1e-9a57-2f0e8c1d9b10',
  name: 'Acme Homes',
  email: 'olivia@acme.test',
  owner: 'Olivia Owner',
  plan: 'PRO',
  credits: 1234.5,
  members: 3,
  devicesConnected: 1,
  devicesTotal: 2,
  smsOut: 400,
  smsBlocked: 9,
  blockRate: 2.25,
  activeCampaigns: 2,
  suspended: false,
  suspendedReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the admin area', () => {
  it('asks staff for their code first, then shows the teams with credits and block rate to 2 decimals', async () => {
    let verified = false;
    mockApi({
      ...me(),
      'GET /api/admin/secondFactor': () => ({ status: 200, body: status(verified) }),
      'POST /api/admin/secondFactor/verify': () => {
        verified = true;
        return { status: 200, body: { status: status(true), usedRecoveryCode: false } };
      },
      'GET /api/admin/panel': {
        status: 200,
        body: { ...EMPTY_PANEL, teams: [ACME], total: 1, kpis: { ...EMPTY_PANEL.kpis, teams: 1 } },
      },
    });
    const { user } = renderApp('/admin/teams', { token: 'token-staff' });

    await screen.findByRole('heading', { name: messages.admin.secondFactorRequired });
    expect(requestsTo('GET', '/api/admin/panel')).toHaveLength(0);
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const row = within(await screen.findByRole('table', { name: 'Teams' })).getByRole('row', {
      name: /Acme Homes/,
    });
    expect(row).toHaveTextContent('$1,234.50');
    expect(row).toHaveTextContent('2.25%');
    expect(row).toHaveTextContent('1 / 2');
    expect(requestsTo('POST', '/api/admin/secondFactor/verify')[0]?.body).toEqual({ code: '123456' });
  });

  it("says 'nope.' when the panel returns no teams", async () => {
    mockApi({
      ...me(),
      'GET /api/admin/secondFactor': { status: 200, body: status(true) },
      'GET /api/admin/panel': { status: 200, body: EMPTY_PANEL },
    });
    renderApp('/admin/teams', { token: 'token-staff' });
    expect(await screen.findByText(messages.admin.nope)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Teams' })).not.toBeInTheDocument();
  });

  it("keeps the session when a staff call answers 'Second factor required', and asks for the code", async () => {
    let asked = 0;
    mockApi({
      ...me(),
      'GET /api/admin/secondFactor': () => ({ status: 200, body: status(asked++ === 0) }),
      'GET /api/admin/panel': {
        status: 401,
        body: { code: SECOND_FACTOR_REQUIRED, message: messages.admin.secondFactorRequired },
      },
    });
    renderApp('/admin/teams', { token: 'token-staff' });
    await screen.findByLabelText('Authentication code');
    expect(localStorage.getItem('token')).toBe('token-staff');
  });

  it('shows everyone else a not-found view, and a suspended team the reason in a banner', async () => {
    mockApi(
      me(
        buildUser({
          isStaff: false,
          team: { suspension: { reason: 'Unpaid invoice', since: '2026-11-20T10:00:00.000Z' } },
        }),
      ),
    );
    renderApp('/admin/teams', { token: 'token-ann' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Reason: Unpaid invoice.');
    expect(requestsTo('GET', '/api/admin/secondFactor')).toHaveLength(0);
  });

  it('takes staff whose own team never onboarded to the admin area, not through a customer onboarding', async () => {
    mockApi({
      ...me(buildUser({ name: 'Sam Staff', isStaff: true, team: { onboarded: false } })),
      'GET /api/admin/secondFactor': { status: 200, body: status(false) },
    });
    const { location } = renderApp('/', { token: 'token-staff' });
    await screen.findByRole('heading', { name: messages.admin.secondFactorRequired });
    expect(location.current).toBe('/admin/teams');
    expect(screen.queryByRole('heading', { name: 'Your company' })).not.toBeInTheDocument();
  });
});
