import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { mockApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { buildCampaign, buildStats, campaignId } from '../testing/campaign-fixtures';

describe("a call campaign's details", () => {
  it('say which contacts were taken out of whose queue and by whom, and which the campaign stopped', async () => {
    const stats = buildStats({
      recipients: 6,
      pending: 1,
      waiting: [{ reason: 'inCallQueue', count: 1, until: null, field: null }],
      stopped: [
        { reason: 'unqueued', count: 2, removedBy: 'Maya', removedFrom: 'Maya' },
        { reason: 'unqueued', count: 1, removedBy: 'Ada Admin', removedFrom: 'Maya' },
        { reason: 'optOut', count: 1, removedBy: null, removedFrom: null },
        { reason: 'blocked', count: 1, removedBy: null, removedFrom: null },
      ],
    });
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser() } },
      'GET /api/campaigns/getAll': {
        status: 200,
        body: { campaigns: [buildCampaign({ campaignType: 'Call' })], total: 1 },
      },
      [`GET /api/campaigns/stats/${campaignId(1)}`]: { status: 200, body: stats },
    });
    const { user } = renderApp('/campaigns', { token: 'token-ann' });

    await user.click(await screen.findByRole('button', { name: 'Details of Spring sellers' }));
    const waiting = within(await screen.findByRole('region', { name: 'Waiting recipients' }));
    expect(waiting.getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      "1 recipient is in the callers' queues and will be called as the dialler reaches them, in their calling hours.",
    ]);
    const stopped = within(screen.getByRole('region', { name: 'Stopped recipients' }));
    expect(stopped.getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      "2 recipients were removed from Maya's queue by Maya and will not be called.",
      "1 recipient was removed from Maya's queue by Ada Admin and will not be called.",
      '1 recipient was stopped: their number is DNC or they opted out.',
      '1 recipient was stopped: their number is marked Wrong #.',
    ]);
  });

  it('leave the stopped list out when no contact stopped', async () => {
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser() } },
      'GET /api/campaigns/getAll': { status: 200, body: { campaigns: [buildCampaign()], total: 1 } },
      [`GET /api/campaigns/stats/${campaignId(1)}`]: { status: 200, body: buildStats() },
    });
    const { user } = renderApp('/campaigns', { token: 'token-ann' });
    await user.click(await screen.findByRole('button', { name: 'Details of Spring sellers' }));
    await screen.findByRole('group', { name: 'Sent' });
    expect(screen.queryByRole('region', { name: 'Stopped recipients' })).not.toBeInTheDocument();
  });
});
