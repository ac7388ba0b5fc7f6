import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TeamKpis } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { todayIn } from './kpis-page';

const day = (date: string, sent: number, blocked: number) => ({
  date,
  sent,
  delivered: sent - blocked,
  replied: 3,
  optedOut: 1,
  blocked,
  calls: [{ status: 'Done' as const, n: 2 }],
});

const KPIS: TeamKpis = {
  from: '2026-01-10',
  to: '2026-01-11',
  timezone: 'America/New_York',
  totals: {
    sent: 1234,
    delivered: 1200,
    replied: 6,
    optedOut: 2,
    blocked: 34,
    blockRate: 2.76,
    calls: [
      { status: 'Done', n: 4 },
      { status: 'No answer', n: 3 },
    ],
  },
  days: [day('2026-01-10', 600, 10), day('2026-01-11', 634, 24)],
  devices: [
    {
      value: '+12125550101',
      deviceId: 'd1',
      sent: 1000,
      delivered: 980,
      replied: 5,
      optedOut: 2,
      blocked: 20,
    },
    {
      value: '+13055550102',
      deviceId: 'd2',
      sent: 234,
      delivered: 220,
      replied: 1,
      optedOut: 0,
      blocked: 14,
    },
  ],
  templates: [
    {
      templateId: 't1',
      text: 'Hi, still own the house?',
      sent: 1234,
      delivered: 1200,
      replied: 6,
      optedOut: 2,
      blocked: 34,
      interested: 3,
      interestedRate: 0.25,
    },
  ],
};

const kpisUrls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/kpis')
    .map((u) => `${u.searchParams.get('from')}..${u.searchParams.get('to')}`);

function setUp(user = buildUser({ role: 'member', permissions: ['kpis'] })) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'GET /api/kpis': { status: 200, body: KPIS },
  });
  return renderApp('/kpis', { token: 'token-ann' });
}

describe('the KPIs page', () => {
  it('shows the totals with the block rate to 2 decimals, and a chart per view', async () => {
    setUp();
    const totals = within(await screen.findByRole('list', { name: 'Totals' }));
    expect(totals.getByRole('listitem', { name: 'Sent' })).toHaveTextContent('1,234');
    expect(totals.getByRole('listitem', { name: 'Blocked' })).toHaveTextContent('34');
    expect(totals.getByRole('listitem', { name: 'Block rate' })).toHaveTextContent('2.76%');
    expect(totals.getByRole('listitem', { name: 'Calls' })).toHaveTextContent('7');
    // The charts come in their own chunk.
    expect(await screen.findByRole('figure', { name: 'Texts per day' })).toBeInTheDocument();
    for (const name of ['Call outcomes per day', 'Texts per device', 'Texts per template'])
      expect(screen.getByRole('figure', { name })).toBeInTheDocument();
    expect(screen.getByText(/Days are counted in America\/New_York/)).toBeInTheDocument();
  });

  it("shows each template's interested replies and their rate per delivered text", async () => {
    setUp();
    const table = within(await screen.findByRole('table', { name: 'Interested replies per template' }));
    const row = table.getByRole('row', { name: /Hi, still own the house\?/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Hi, still own the house?', '1,200', '6', '3', '0.25%']);
  });

  it("asks for the last 30 days of the team's time zone, then the period picked", async () => {
    setUp();
    await screen.findByRole('list', { name: 'Totals' });
    const today = todayIn('America/New_York');
    const back = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    expect(kpisUrls()).toEqual([`${back(29)}..${today}`]);
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(kpisUrls()).toContain(`${back(6)}..${today}`));
  });

  it('is in the navigation for the kpis permission only; others are sent home', async () => {
    setUp();
    expect(await screen.findByRole('link', { name: 'KPIs' })).toBeInTheDocument();
  });

  it('sends a member without the kpis permission to the dashboard, and never asks for the figures', async () => {
    mockApi({
      'GET /api/users/me': {
        status: 200,
        body: { user: buildUser({ role: 'member', permissions: ['sms'] }) },
      },
    });
    renderApp('/kpis', { token: 'token-ann' });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('link', { name: 'KPIs' })).not.toBeInTheDocument();
    expect(kpisUrls()).toEqual([]);
  });
});
