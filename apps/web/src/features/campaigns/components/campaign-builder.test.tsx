import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type CurrentUser } from '@prospector/core';
import { buildDevice, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  buildCampaign,
  buildList,
  deviceId,
  groupId,
  listId,
  STATUS_COUNTS,
  statusId,
  uuid,
} from '../testing/campaign-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dialler of a member who has not joined, with an empty queue. */
const DIALLER_REPLY = {
  status: 200,
  body: {
    provider: 'simulated',
    numbers: [],
    members: [],
    me: {
      active: false,
      dialling: false,
      paused: false,
      onCall: false,
      selectedVm: null,
      activeCall: null,
      ringing: [],
      lines: 2,
      incoming: [],
      notice: null,
    },
    queue: [],
    waiting: { callable: 0, groups: [], nextCallAt: null, timezone: 'America/New_York' },
    voicemails: [],
  },
};

const TEMPLATES = {
  groups: [
    { _id: groupId(1), name: 'Openers', count: 4 },
    { _id: groupId(2), name: 'Follow-ups', count: 2 },
  ],
  templates: [],
  subTemplates: [],
  quickReplies: [],
  fields: [],
};
const DEVICES = [
  buildDevice({ _id: deviceId(1), value: '+19165550100' }),
  buildDevice({ _id: deviceId(2), value: '+19165550111', phoneType: 'Apple', macName: 'Office iMac' }),
  buildDevice({ _id: deviceId(9), value: 'Office iMac', phoneType: 'Apple', isComputer: true }),
];

function setUp(
  routes: Record<string, FakeRoute> = {},
  {
    user = buildUser(),
    path = '/campaign-builder',
    state,
  }: { user?: CurrentUser; path?: string; state?: unknown } = {},
) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'POST /api/items/count': { status: 200, body: STATUS_COUNTS },
    'POST /api/lists/get': { status: 200, body: { lists: [buildList()], hasMore: false } },
    'GET /api/templates': { status: 200, body: TEMPLATES },
    'GET /api/services/devices': { status: 200, body: { devices: DEVICES } },
    'GET /api/campaigns/getAll': { status: 200, body: { campaigns: [], total: 0 } },
    'POST /api/campaigns/missingFields': { status: 200, body: { recipients: 340, fields: [] } },
    ...routes,
  });
  return renderApp(path, { token: 'token-ann', state });
}

type User = ReturnType<typeof setUp>['user'];

const nextButton = () => screen.getByRole('button', { name: 'Next' });
const countBodies = () => requestsTo('POST', '/api/items/count').map((r) => r.body);

/** Next, once the contacts of the current filters are counted (the button waits for them). */
async function clickNext(user: User) {
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await user.click(nextButton());
}

async function pick(user: User, field: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Step 1 with 'Not contacted' (340 contacts), step 2 as it comes. */
async function fillFirstTwoSteps(user: User) {
  await user.click(await screen.findByRole('checkbox', { name: 'Not contacted' }));
  await clickNext(user);
  await clickNext(user);
}

async function finalize(user: User) {
  await pick(user, 'Template groups', /Openers/);
  await user.type(screen.getByRole('textbox', { name: 'Campaign name' }), 'Spring sellers');
  await user.click(screen.getByRole('checkbox', { name: '(916) 555-0100' }));
}

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

describe('campaign builder', () => {
  it("stops on each of the spec's checks, in the spec's order, with its exact text", async () => {
    const { user } = setUp({}, { user: buildUser({ team: { timezone: null } }) });
    const shown: string[] = [];
    const launch = () => user.click(screen.getByRole('button', { name: 'Launch campaign' }));
    const problem = async () => shown.push((await screen.findByRole('alert')).textContent ?? '');

    await screen.findByRole('checkbox', { name: 'Not contacted' });
    await clickNext(user);
    await problem();
    await user.click(screen.getByRole('checkbox', { name: 'Follow up' }));
    await clickNext(user);
    await problem();
    await user.click(screen.getByRole('checkbox', { name: 'Not contacted' }));
    await clickNext(user);

    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await user.click(screen.getByRole('checkbox', { name: day }));
    await clickNext(user);
    await problem();
    await user.click(screen.getByRole('checkbox', { name: 'Tue' }));
    await clickNext(user);

    await launch();
    await problem();
    await pick(user, 'Template groups', /Openers/);
    await launch();
    await problem();
    await user.type(screen.getByRole('textbox', { name: 'Campaign name' }), 'Spring sellers');
    await launch();
    await problem();
    await user.click(screen.getByRole('checkbox', { name: '(916) 555-0100' }));
    await launch();
    await problem();

    expect(shown).toEqual([
      messages.campaigns.statusRequired,
      messages.campaigns.zeroContacts,
      messages.campaigns.weekdayRequired,
      messages.campaigns.groupRequired,
      messages.campaigns.nameRequired,
      messages.campaigns.deviceRequired,
      messages.campaigns.timezoneRequired,
    ]);
    expect(requestsTo('POST', '/api/campaigns/launch')).toHaveLength(0);
  }, 60_000); // Many steps on a loaded 2-core machine: it took 19.6 s of the default 20.

  it("says 'Coming soon!' for Email and keeps Text", async () => {
    const { user } = setUp();
    await screen.findByRole('checkbox', { name: 'Not contacted' });

    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(await screen.findByText(messages.campaigns.comingSoon)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Text' })).toBeChecked();
    expect(countBodies().every((body) => (body as { campaignType: string }).campaignType === 'Text')).toBe(
      true,
    );
  });

  it("opens on Call from the dialler's New call campaign, and asks who to call", async () => {
    const { user } = setUp({ 'GET /api/calls/dialler': DIALLER_REPLY }, { path: '/dialler' });
    await user.click(await screen.findByRole('link', { name: 'New call campaign' }));

    expect(await screen.findByRole('radio', { name: 'Call' })).toBeChecked();
    expect(screen.getByText('Who to call')).toBeInTheDocument();
    expect(screen.queryByText('Who to text')).toBeNull();
  });

  it('launches a Call campaign directly from the first step, with its phone type, then opens the dialler', async () => {
    const { user, location } = setUp({
      'POST /api/campaigns/launch': { status: 200, body: buildCampaign({ campaignType: 'Call' }) },
      'GET /api/calls/dialler': DIALLER_REPLY,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Not contacted' }));
    await user.click(screen.getByRole('radio', { name: 'Call' }));
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Launch campaign' }));
    await waitFor(() => expect(requestsTo('POST', '/api/campaigns/launch')).toHaveLength(1));
    expect(requestsTo('POST', '/api/campaigns/launch')[0]?.body).toMatchObject({
      campaignType: 'Call',
      phoneType: 'Mobile',
    });
    await waitFor(() => expect(location.current).toBe('/dialler'));
  });

  it('fills last contacted with 7 days back when a status other than Not contacted is chosen, and counts again with it', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('checkbox', { name: 'Not contacted' }));
    const picker = screen.getByRole('button', { name: 'Last contacted before' });
    expect(picker).toHaveTextContent('Any time');
    expect(countBodies()).toEqual([
      { listIds: [], audienceJobId: null, lastContactedAt: null, campaignType: 'Text' },
    ]);

    const before = Date.now();
    await user.click(screen.getByRole('checkbox', { name: 'Interested' }));
    const after = Date.now();

    const weekAgo = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(before - 7 * DAY_MS));
    expect(picker).toHaveTextContent(weekAgo);
    await waitFor(() => expect(countBodies()).toHaveLength(2));
    const sent = (countBodies()[1] as { lastContactedAt: string }).lastContactedAt;
    expect(Date.parse(sent)).toBeGreaterThanOrEqual(before - 7 * DAY_MS);
    expect(Date.parse(sent)).toBeLessThanOrEqual(after - 7 * DAY_MS);
  });

  it('clears Last contacted before after a status filled it, and counts again without it', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('checkbox', { name: 'Interested' }));
    const picker = screen.getByRole('button', { name: 'Last contacted before' });
    expect(picker).not.toHaveTextContent('Any time');

    const field = picker.closest('.mantine-InputWrapper-root') as HTMLElement;
    await user.click(within(field).getByRole('button', { name: 'Clear Last contacted before' }));

    expect(picker).toHaveTextContent('Any time');
    await waitFor(() =>
      expect(countBodies().at(-1)).toEqual({
        listIds: [],
        audienceJobId: null,
        lastContactedAt: null,
        campaignType: 'Text',
      }),
    );
  });

  it("targets the list whose 'Create campaign' opened the builder", async () => {
    const { user, location } = setUp({}, { path: '/lists' });
    const card = await screen.findByRole('article', { name: 'Austin leads' });

    await user.click(within(card).getByRole('button', { name: messages.lists.noCampaignYet }));

    expect(location.current).toBe('/campaign-builder');
    expect(await screen.findByRole('radio', { name: 'Specific lists' })).toBeChecked();
    expect(
      await screen.findByRole('option', { name: /Austin leads/, selected: true, hidden: true }),
    ).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Not contacted' });
    expect(countBodies()).toEqual([
      { listIds: [listId(1)], audienceJobId: null, lastContactedAt: null, campaignType: 'Text' },
    ]);
  });

  it('counts the contacts again when the target changes, and not before a list is chosen', async () => {
    const { user } = setUp();
    await screen.findByRole('checkbox', { name: 'Not contacted' });

    await user.click(screen.getByRole('radio', { name: 'Specific lists' }));
    expect(await screen.findByText(/Choose at least one list/)).toBeInTheDocument();
    await pick(user, 'Lists', /Austin leads/);

    await waitFor(() => expect(countBodies()).toHaveLength(2));
    expect(countBodies()[1]).toEqual({
      listIds: [listId(1)],
      audienceJobId: null,
      lastContactedAt: null,
      campaignType: 'Text',
    });
  });

  it("launches with the hours as ISO instants of the team's time zone, then shows the campaigns", async () => {
    const { user, location } = setUp(
      { 'POST /api/campaigns/launch': { status: 200, body: buildCampaign({ timezone: 'Asia/Kolkata' }) } },
      { user: buildUser({ team: { timezone: 'Asia/Kolkata' } }) },
    );
    await fillFirstTwoSteps(user);
    await user.click(screen.getByRole('button', { name: /Set Schedule/ }));
    await pick(user, 'End time', '8:00 PM');
    await clickNext(user);
    await finalize(user);

    await user.click(screen.getByRole('button', { name: 'Launch campaign' }));

    await waitFor(() => expect(location.current).toBe('/campaigns'));
    const day = todayIn('Asia/Kolkata');
    const [launch] = requestsTo('POST', '/api/campaigns/launch');
    expect(launch?.body).toMatchObject({
      name: 'Spring sellers',
      campaignType: 'Text',
      listIds: [],
      statuses: [statusId(1)],
      lastContactedAt: null,
      weekDays: [1, 2, 3, 4, 5],
      // 10:00 and 20:00 in India (UTC+5:30).
      startTime: new Date(`${day}T04:30:00.000Z`).toISOString(),
      endTime: new Date(`${day}T14:30:00.000Z`).toISOString(),
      startDate: new Date(`${day}T04:30:00.000Z`).toISOString(),
      endDate: null,
      hasEnd: false,
      groupIds: [groupId(1)],
      devices: [deviceId(1)],
    });
  });

  it('targets exactly the selection a bulk action handed over, counts it and launches to it', async () => {
    const jobId = uuid(7, 1);
    const { user, location } = setUp(
      { 'POST /api/campaigns/launch': { status: 200, body: buildCampaign({ audienceJobId: jobId }) } },
      { state: { audience: { jobId, count: 1240 } } },
    );
    expect(await screen.findByRole('radio', { name: 'These 1,240 records' })).toBeChecked();
    expect(screen.getByText(messages.bulk.audienceHint)).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Not contacted' });
    expect(countBodies()).toEqual([
      { listIds: [], audienceJobId: jobId, lastContactedAt: null, campaignType: 'Text' },
    ]);

    await fillFirstTwoSteps(user);
    expect(screen.getByRole('region', { name: 'Campaign summary' })).toHaveTextContent('These 1,240 records');
    await finalize(user);
    await user.click(screen.getByRole('button', { name: 'Launch campaign' }));
    await waitFor(() => expect(location.current).toBe('/campaigns'));
    expect(requestsTo('POST', '/api/campaigns/launch')[0]?.body).toMatchObject({
      listIds: [],
      audienceJobId: jobId,
    });
  });

  it('goes back to an earlier step by its label and keeps what was chosen', async () => {
    const { user } = setUp();
    await fillFirstTwoSteps(user);
    expect(screen.getByRole('textbox', { name: 'Campaign name' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Filter Contacts/ }));

    expect(screen.getByRole('checkbox', { name: 'Not contacted' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /Finalize/ }));
    expect(screen.queryByRole('textbox', { name: 'Campaign name' })).not.toBeInTheDocument();
  });

  it("offers the team's phones, not its Macs, with their connection", async () => {
    const { user } = setUp();
    await fillFirstTwoSteps(user);

    expect(await screen.findByRole('checkbox', { name: '(916) 555-0100' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '(916) 555-0111' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Office iMac' })).not.toBeInTheDocument();
    expect(screen.getByText('iPhone · via Office iMac')).toBeInTheDocument();
    expect(screen.getAllByText('Connected')).toHaveLength(2);
  });

  it('warns before launch how many recipients lack each field of the chosen templates, with the fallback to use', async () => {
    const { user } = setUp({
      'POST /api/campaigns/missingFields': {
        status: 200,
        body: {
          recipients: 1494,
          fields: [
            { field: 'First name', missing: 312, covered: false },
            { field: 'City', missing: 40, covered: true },
            { field: 'Address', missing: 0, covered: false },
          ],
        },
      },
    });
    await fillFirstTwoSteps(user);
    expect(screen.queryByRole('status', { name: /Some recipients/ })).not.toBeInTheDocument();

    await pick(user, 'Template groups', /Openers/);

    const warning = await screen.findByRole('status', { name: 'Some recipients would be skipped' });
    expect(warning).toHaveTextContent('312 of 1,494 recipients have no First name.');
    expect(warning).toHaveTextContent('**First name|there** writes “there” for anyone without a First name.');
    expect(warning).toHaveTextContent('40 of 1,494 recipients have no City: they get the fallback.');
    expect(warning).not.toHaveTextContent('Address');
    expect(requestsTo('POST', '/api/campaigns/missingFields').at(-1)?.body).toEqual({
      listIds: [],
      audienceJobId: null,
      statuses: [statusId(1)],
      lastContactedAt: null,
      groupIds: [groupId(1)],
    });
  });

  it('shows no warning when every recipient has every field', async () => {
    const { user } = setUp();
    await fillFirstTwoSteps(user);
    await pick(user, 'Template groups', /Openers/);
    await waitFor(() => expect(requestsTo('POST', '/api/campaigns/missingFields')).toHaveLength(1));
    expect(screen.queryByRole('status', { name: /Some recipients/ })).not.toBeInTheDocument();
  });

  it('counts properties and contacts apart in the list picker, and explains a list of properties alone', async () => {
    const redfin = buildList({
      _id: listId(2),
      name: 'Redfin Austin',
      itemCount: 0,
      propCount: 350,
      compCount: 0,
    });
    const { user } = setUp(
      { 'POST /api/lists/get': { status: 200, body: { lists: [buildList(), redfin], hasMore: false } } },
      { path: '/lists' },
    );
    const card = await screen.findByRole('article', { name: 'Redfin Austin' });
    await user.click(within(card).getByRole('button', { name: messages.lists.noCampaignYet }));

    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'Redfin Austin holds 350 properties and no contacts, and campaigns text contacts.',
    );
    expect(note).toHaveTextContent(
      'import a spreadsheet with their names and phones next to these addresses',
    );
    await user.click(screen.getByRole('combobox', { name: 'Lists' }));
    expect(screen.getByRole('option', { name: /Redfin Austin/, hidden: true })).toHaveTextContent(
      'Redfin Austin · 350 properties · 0 contacts',
    );
    expect(screen.getByRole('option', { name: /Austin leads/, hidden: true })).toHaveTextContent(
      'Austin leads · 80 properties · 120 contacts',
    );
  });
});
