import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atHourInZone, messages, type CampaignDto, type CurrentUser } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeReply, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';
import { buildCampaign, buildStats, campaignId } from '../testing/campaign-fixtures';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function campaignsReply(campaigns: CampaignDto[], total = campaigns.length): FakeReply {
  return { status: 200, body: { campaigns, total } };
}

function setUp(routes: Record<string, FakeRoute> = {}, user: CurrentUser = buildUser()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'GET /api/campaigns/getAll': campaignsReply([buildCampaign()]),
    ...routes,
  });
  return renderApp('/campaigns', { token: 'token-ann' });
}

/** The query strings the page asked for campaigns with, in order. */
function campaignQueries(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/campaigns/getAll')
    .map((url) => url.search);
}

const card = (name: string) => within(screen.getByRole('article', { name }));

/** The scroll test gives the page a height and a scroll position; the next test gets jsdom's back. */
const geometry = [
  [document.documentElement, 'scrollHeight'],
  [window, 'innerHeight'],
  [window, 'scrollY'],
] as const;
const originalGeometry = geometry.map(([target, key]) => Object.getOwnPropertyDescriptor(target, key));

function setPageGeometry(values: { scrollHeight: number; innerHeight: number; scrollY: number }): void {
  for (const [target, key] of geometry)
    Object.defineProperty(target, key, { value: values[key], configurable: true });
}

describe('campaigns page', () => {
  afterEach(() => {
    geometry.forEach(([target, key], i) => {
      const original = originalGeometry[i];
      if (original) Object.defineProperty(target, key, original);
      else delete (target as unknown as Record<string, unknown>)[key];
    });
  });

  it('says the team has no campaigns yet and offers to create one', async () => {
    setUp({ 'GET /api/campaigns/getAll': campaignsReply([]) });

    expect(await screen.findByText(messages.campaigns.noCampaigns)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.campaigns.createCampaign })).toHaveAttribute(
      'href',
      '/campaign-builder',
    );
  });

  it('shows the way to the builder only to admins and members with the campaigns permission', async () => {
    setUp({}, buildUser({ role: 'member', permissions: ['sms'] }));
    await screen.findByRole('article', { name: 'Spring sellers' });
    expect(screen.queryByRole('link', { name: 'New campaign' })).not.toBeInTheDocument();
  });

  it('lets a member with the campaigns permission open the builder', async () => {
    const { user, location } = setUp(
      {
        'POST /api/lists/get': { status: 200, body: { lists: [], hasMore: false } },
        'POST /api/items/count': { status: 200, body: [] },
      },
      buildUser({ role: 'member', permissions: ['campaigns'] }),
    );
    await user.click(await screen.findByRole('link', { name: 'New campaign' }));
    expect(location.current).toBe('/campaign-builder');
    expect(await screen.findByRole('heading', { name: 'Campaign Builder' })).toBeInTheDocument();
  });

  it("shows each campaign's state, schedule and figures", async () => {
    setUp({
      'GET /api/campaigns/getAll': campaignsReply([
        buildCampaign(),
        buildCampaign({ _id: campaignId(2), name: 'Old owners', paused: true, weekDays: [1, 3, 6] }),
        buildCampaign({
          _id: campaignId(3),
          name: 'Winter',
          status: 'Finished',
          endDate: '2026-03-20T22:00:00.000Z',
        }),
      ]),
    });

    await screen.findByRole('article', { name: 'Spring sellers' });
    const running = card('Spring sellers');
    expect(running.getByText('Running')).toBeInTheDocument();
    expect(running.getByText(/Mon–Fri · 10:00 AM – 6:00 PM · America\/New York/)).toBeInTheDocument();
    expect(running.getByText('From Mar 2, 2026')).toBeInTheDocument();
    expect(running.getByText('120')).toBeInTheDocument();
    expect(running.getByText('of 400 recipients')).toBeInTheDocument();
    expect(running.getByText('12')).toBeInTheDocument();
    expect(running.getByText('10% of sent')).toBeInTheDocument();
    expect(card('Old owners').getByText('Paused')).toBeInTheDocument();
    expect(card('Old owners').getByText(/Mon, Wed, Sat/)).toBeInTheDocument();
    expect(card('Winter').getByText('Finished')).toBeInTheDocument();
    expect(card('Winter').getByText('Mar 2, 2026 – Mar 20, 2026')).toBeInTheDocument();
    expect(card('Winter').queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Spring sellers',
      'Old owners',
      'Winter',
    ]);
  });

  it('searches once, 600 ms after the typing stops', async () => {
    const { user } = setUp({
      'GET /api/campaigns/getAll': () =>
        campaignQueries().at(-1)?.includes('search=')
          ? campaignsReply([buildCampaign({ _id: campaignId(2), name: 'Austin owners' })])
          : campaignsReply([buildCampaign()]),
    });
    await screen.findByRole('article', { name: 'Spring sellers' });

    await user.type(screen.getByRole('textbox', { name: 'Search campaigns' }), 'austin');
    await pause(400);
    expect(campaignQueries()).toEqual(['?skip=0']);

    expect(await screen.findByRole('article', { name: 'Austin owners' })).toBeInTheDocument();
    expect(campaignQueries()).toEqual(['?skip=0', '?search=austin&skip=0']);
    expect(screen.queryByRole('article', { name: 'Spring sellers' })).not.toBeInTheDocument();
  });

  it('loads the next 15 campaigns when scrolled near the bottom', async () => {
    const first = Array.from({ length: 15 }, (_, i) =>
      buildCampaign({ _id: campaignId(i + 1), name: `Campaign ${i + 1}` }),
    );
    setUp({
      'GET /api/campaigns/getAll': () =>
        campaignQueries().at(-1)?.includes('skip=15')
          ? campaignsReply([buildCampaign({ _id: campaignId(16), name: 'Campaign 16' })], 16)
          : campaignsReply(first, 16),
    });
    await screen.findByRole('article', { name: 'Campaign 15' });

    setPageGeometry({ scrollHeight: 3000, innerHeight: 900, scrollY: 1850 });
    fireEvent.scroll(window);

    expect(await screen.findByRole('article', { name: 'Campaign 16' })).toBeInTheDocument();
    expect(campaignQueries()).toEqual(['?skip=0', '?skip=15']);
  });

  it('pauses a campaign at once and shows it running again when the server refuses', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const { user } = setUp({
      'POST /api/campaigns/startStop': () => new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('article', { name: 'Spring sellers' });

    await user.click(card('Spring sellers').getByRole('button', { name: 'Pause Spring sellers' }));

    expect(card('Spring sellers').getByText('Paused')).toBeInTheDocument();
    expect(card('Spring sellers').getByRole('button', { name: 'Resume Spring sellers' })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/campaigns/startStop').map((r) => r.body)).toEqual([
      { campaignId: campaignId(1), paused: true },
    ]);

    act(() =>
      answer({ status: 409, body: { code: 'CAMPAIGN_FINISHED', message: 'That campaign has finished.' } }),
    );

    expect(await screen.findByText('That campaign has finished.')).toBeInTheDocument();
    await waitFor(() => expect(card('Spring sellers').getByText('Running')).toBeInTheDocument());
  });

  it('resumes a paused campaign', async () => {
    const paused = buildCampaign({ paused: true });
    const { user } = setUp({
      'GET /api/campaigns/getAll': campaignsReply([paused]),
      'POST /api/campaigns/startStop': { status: 200, body: { ...paused, paused: false } },
    });

    await user.click(await screen.findByRole('button', { name: 'Resume Spring sellers' }));

    expect(await card('Spring sellers').findByText('Running')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/campaigns/startStop').map((r) => r.body)).toEqual([
      { campaignId: campaignId(1), paused: false },
    ]);
  });

  it('counts a call campaign in contacts called and answered, and its delete dialog speaks of calls', async () => {
    const { user } = setUp({
      'GET /api/campaigns/getAll': campaignsReply([
        buildCampaign({
          name: 'Call campaign Nov 28, 2026',
          campaignType: 'Call',
          recipients: 3,
          sent: 2,
          replied: 1,
        }),
      ]),
    });
    const call = card((await screen.findByRole('article')).getAttribute('aria-label')!);

    expect(call.getByText('Called')).toBeInTheDocument();
    expect(call.getByText('of 3 contacts')).toBeInTheDocument();
    expect(call.getByText('Answered')).toBeInTheDocument();
    expect(call.queryByText(/Sent|Replied|recipients/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Call campaign Nov 28, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete campaign' });
    expect(dialog).toHaveTextContent('stay there until called or unqueued');
    expect(dialog).not.toHaveTextContent('texting');
  });

  it('asks before deleting a campaign, and deletes it only once confirmed', async () => {
    const { user } = setUp({
      'GET /api/campaigns/getAll': campaignsReply([
        buildCampaign(),
        buildCampaign({ _id: campaignId(2), name: 'Old owners' }),
      ]),
      'PATCH /api/campaigns/remove': { status: 200, body: { ok: true } },
    });
    await screen.findByRole('article', { name: 'Spring sellers' });

    await user.click(screen.getByRole('button', { name: 'Delete Spring sellers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete campaign' }));
    expect(dialog.getByText('Spring sellers')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('PATCH', '/api/campaigns/remove')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Spring sellers' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete campaign' })).getByRole('button', {
        name: 'Delete campaign',
      }),
    );

    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Old owners']),
    );
    expect(requestsTo('PATCH', '/api/campaigns/remove').map((r) => r.body)).toEqual([
      { campaignId: campaignId(1) },
    ]);
  });

  it("shows a campaign's live figures and devices, and refreshes them when it changes", async () => {
    let stats = buildStats();
    const { user } = setUp({
      [`GET /api/campaigns/stats/${campaignId(1)}`]: () => ({ status: 200, body: stats }),
    });

    await user.click(await screen.findByRole('button', { name: 'Details of Spring sellers' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Spring sellers/ }));
    const figure = (label: string) => dialog.getByRole('group', { name: label });

    await waitFor(() => expect(figure('Recipients')).toHaveTextContent('400'));
    expect(figure('Pending')).toHaveTextContent('270');
    expect(figure('Queued')).toHaveTextContent('10');
    expect(figure('Delivered')).toHaveTextContent('110');
    expect(figure('Failed')).toHaveTextContent('4');
    expect(figure('Replied')).toHaveTextContent('12');
    expect(figure('Opted out')).toHaveTextContent('3');
    expect(figure('Skipped')).toHaveTextContent('6');
    const rows = within(dialog.getByRole('table', { name: 'Figures by device' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['(916) 555-0100680751', '(916) 555-0111Paused440353']);
    // The answers by label, those nobody got left out.
    const byLabel = within(dialog.getByRole('list', { name: 'Replies by label' }));
    expect(byLabel.getAllByRole('listitem').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Opt-out: 3',
      'Wrong number: 2',
      'Not owner: 1',
      'Not interested: 3',
      'Interested: 2',
      'Question: 1',
    ]);

    stats = buildStats({ sent: 121, pending: 269, replied: 13 });
    act(() => latestSocket().serverEmit('campaignChanged', { campaignId: campaignId(1) }));

    await waitFor(() => expect(figure('Sent')).toHaveTextContent('121'));
    expect(figure('Replied')).toHaveTextContent('13');
  });

  it('says in plain sentences why recipients wait and when the next text goes', async () => {
    const day = 24 * 60 * 60 * 1000;
    const tomorrowAt = (hour: number) =>
      atHourInZone(new Date(Date.now() + day), hour, 'America/New_York').toISOString();
    const stats = buildStats({
      pending: 4,
      skipped: 1,
      nextTextAt: tomorrowAt(9),
      waiting: [
        { reason: 'quietHours', count: 2, until: tomorrowAt(11), field: null },
        { reason: 'deviceLimit', count: 2, until: tomorrowAt(0), field: null },
        { reason: 'missingField', count: 1, until: null, field: 'First name' },
      ],
    });
    const { user } = setUp({ [`GET /api/campaigns/stats/${campaignId(1)}`]: { status: 200, body: stats } });

    await user.click(await screen.findByRole('button', { name: 'Details of Spring sellers' }));
    const waiting = within(await screen.findByRole('region', { name: 'Waiting recipients' }));

    expect(waiting.getByText('Next text: tomorrow at 9:00 AM.')).toBeInTheDocument();
    expect(waiting.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 recipients are in quiet hours in their own time zone (9 PM to 8 AM), until tomorrow at 11:00 AM your time.',
      "2 recipients wait because the campaign's devices reached their daily texting limit. It starts again at midnight; you can raise it in Settings > Other.",
      '1 recipient was skipped for having no First name. A fallback such as **First name|there** texts them in your next campaign.',
    ]);
  });
});
