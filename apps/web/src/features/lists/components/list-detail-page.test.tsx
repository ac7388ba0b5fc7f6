import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type ListProperty } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { buildImportingList, buildList, buildProperty, listId } from '../testing/list-fixtures';
import { renderApp } from '../../../test/render-app';

const ID = listId(1);
const BY_ID = `/api/lists/byId/${ID}`;

const stats = {
  propCount: 50,
  verifiedOwners: 20,
  phoneCounts: [
    { text: '0', count: 10 },
    { text: '1', count: 25 },
    { text: '2', count: 10 },
    { text: '3+', count: 5 },
  ],
  propStats: { labels: ['Single Family', 'Condo'], datasets: [{ label: 'Properties', data: [40, 10] }] },
};

function pageOf(skip: number, total: number, overrides: Partial<ListProperty> = {}): FakeRoute {
  const count = Math.max(0, Math.min(25, total - skip));
  const properties = Array.from({ length: count }, (_, i) =>
    buildProperty({ _id: `prop-${skip + i}`, title: `${skip + i + 1} Oak St`, ...overrides }),
  );
  return { status: 200, body: { list: buildList(), total, properties, stats } };
}

const skiptraceState = (overrides: object = {}): FakeRoute => ({
  status: 200,
  body: { run: null, toTrace: 10, prices: { single: 0.06, multi: 0.05 }, demo: true, ...overrides },
});

function setUp(routes: Record<string, FakeRoute>) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    [`GET /api/lists/skiptrace/${ID}`]: skiptraceState(),
    ...routes,
  });
  return renderApp(`/lists/${ID}`, { token: 'token-ann' });
}

/** Query strings of the calls made (the fake API keys its routes by path only). */
function urlsCalled(): string[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => String(input));
}

/** jsdom lays nothing out; the charts measure their box once, so theirs gets a size. */
function sizeCharts(): void {
  const measure = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return {
      x: 0,
      y: 0,
      width: 400,
      height: 200,
      top: 0,
      left: 0,
      right: 400,
      bottom: 200,
      toJSON: () => ({}),
    };
  });
}

describe('list detail page', () => {
  beforeEach(sizeCharts);

  it(
    'pages through the properties 25 at a time and stops at the last page',
    { timeout: 30_000 },
    async () => {
      const { user } = setUp({ [`GET ${BY_ID}/0`]: pageOf(0, 50), [`GET ${BY_ID}/25`]: pageOf(25, 50) });

      expect(await screen.findByText('Showing properties between 1 - 25')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Next page' }));

      expect(await screen.findByText('Showing properties between 26 - 50')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: /26 Oak St/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    },
  );

  it('says the list has no properties when it has none', async () => {
    setUp({ [`GET ${BY_ID}/0`]: pageOf(0, 0) });

    expect(await screen.findByText('No properties in this list.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing properties between/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('searches the properties 600 ms after the typing stops, from the first page', async () => {
    const { user } = setUp({ [`GET ${BY_ID}/0`]: pageOf(0, 30), [`GET ${BY_ID}/25`]: pageOf(25, 30) });
    await screen.findByText('Showing properties between 1 - 25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing properties between 26 - 30');

    // When each request left, so the wait is checked from below: a loaded machine may look late, never early.
    const sentAt = new Map<string, number>();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input, init) => {
      sentAt.set(String(input), performance.now());
      return answer(input, init);
    });

    // Pasted as one change: typed key by key, a loaded machine can pause 600 ms between two keys.
    await user.click(screen.getByRole('textbox', { name: 'Search properties' }));
    const pasted = performance.now();
    await user.paste('oak');

    await waitFor(() =>
      expect(urlsCalled().filter((url) => url.includes('search='))).toEqual([`${BY_ID}/0?search=oak`]),
    );
    // Timers may fire a millisecond early; the search waited for the typing to stop.
    expect(sentAt.get(`${BY_ID}/0?search=oak`)! - pasted).toBeGreaterThanOrEqual(590);
    expect(await screen.findByText('Showing properties between 1 - 25')).toBeInTheDocument();
  });

  it('opens a property into its details with the owner and whether the owner is verified', async () => {
    const { user } = setUp({ [`GET ${BY_ID}/0`]: pageOf(0, 1, { Owner: 'Jane Doe', 'Year Built': '1998' }) });

    await user.click(await screen.findByRole('button', { name: /1 Oak St/ }));

    const details = await screen.findByRole('region', { name: /1 Oak St/ });
    expect(within(details).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(details).getByText('1998')).toBeInTheDocument();
    expect(within(details).getByText('Verified owner')).toBeInTheDocument();
    expect(within(details).getByText('(512) 555-0101')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /Skiptrace/ })).not.toBeInTheDocument();
  });

  it('offers a skip trace at $0.06 for a property without phones, and traces it once the permissible use is confirmed', async () => {
    const { user } = setUp({
      [`GET ${BY_ID}/0`]: pageOf(0, 1, { phones: [] }),
      'POST /api/properties/skiptrace': {
        status: 200,
        body: {
          results: {
            hit: true,
            owners: [
              {
                _id: 'c1',
                name: 'Jane Doe',
                phones: [{ value: '+12065550101', lineType: 'mobile', dnc: false }],
                emails: [],
              },
            ],
            cost: 0.06,
          },
          listMetrics: [{ listId: ID, hits: 1, landlines: 0, dnc: 0, cost: 0.06 }],
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: /1 Oak St/ }));
    const details = await screen.findByRole('region', { name: /1 Oak St/ });
    await user.click(within(details).getByRole('button', { name: 'Skiptrace $0.06' }));

    const dialog = await screen.findByRole('dialog', { name: 'Skip trace' });
    expect(within(dialog).getByText(messages.skiptrace.demoData)).toBeInTheDocument();
    const go = within(dialog).getByRole('button', { name: 'Skip trace for up to $0.06' });
    expect(go).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /permissible purpose/ }));
    await user.click(go);

    await waitFor(() => expect(requestsTo('POST', '/api/properties/skiptrace')).toHaveLength(1));
    expect(requestsTo('POST', '/api/properties/skiptrace')[0]!.body).toEqual({
      propId: 'prop-0',
      type: 'single',
      permissibleUse: true,
    });
    expect(await screen.findByText('Found 1 phone for this property ($0.06).')).toBeInTheDocument();
  });

  it('skip traces the list after confirmation, shows its progress with Cancel, and its figures follow', async () => {
    const run = {
      _id: 'run-1',
      listId: ID,
      type: 'multi',
      state: 'running',
      reason: null,
      total: 10,
      done: 4,
      hits: 3,
      landlines: 1,
      dnc: 0,
      cost: 0.15,
      price: 0.05,
      createdAt: '2026-01-05T15:00:00.000Z',
    };
    const { user } = setUp({
      [`GET ${BY_ID}/0`]: pageOf(0, 50),
      'POST /api/lists/skiptrace': { status: 200, body: { run } },
      'POST /api/lists/skiptrace/cancel': {
        status: 200,
        body: { run: { ...run, state: 'cancelled', reason: messages.skiptrace.cancelled } },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Skiptrace $0.06 per hit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip trace' });
    expect(within(dialog).getByText(/10 properties/)).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('radio', { name: /Alternate data: 1 to 6 phones, \$0.05 per hit/ }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /permissible purpose/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Skip trace for up to $0.50' }));

    await waitFor(() => expect(requestsTo('POST', '/api/lists/skiptrace')).toHaveLength(1));
    expect(requestsTo('POST', '/api/lists/skiptrace')[0]!.body).toEqual({
      listId: ID,
      type: 'multi',
      permissibleUse: true,
    });
    expect(await screen.findByText('Skip tracing… 4 of 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/The skip trace was cancelled\. 4 of 10 traced\./)).toBeInTheDocument();
  });

  it('shows the verified owners and the charts of the list', async () => {
    setUp({ [`GET ${BY_ID}/0`]: pageOf(0, 50) });

    expect(await screen.findByText('20 of 50 · 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verified owners' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const phones = screen.getByRole('region', { name: 'Phones per property' });
    expect(
      within(phones)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No phones10', '1 phone25', '2 phones10', '3+ phones5']);
    expect(screen.getByRole('figure', { name: 'Properties by use description' })).toBeInTheDocument();
  });

  it('keeps Launch Campaign off while the list is importing', async () => {
    setUp({
      [`GET ${BY_ID}/0`]: {
        status: 200,
        body: { list: buildImportingList(), total: 0, properties: [], stats },
      },
    });

    expect(await screen.findByRole('button', { name: 'Launch Campaign' })).toBeDisabled();
  });

  it('explains, beside Launch Campaign, why a list of properties alone gives no one to text', async () => {
    const redfin = buildList({ name: 'Redfin Austin', itemCount: 0, propCount: 350, compCount: 0 });
    setUp({ [`GET ${BY_ID}/0`]: { status: 200, body: { list: redfin, total: 0, properties: [], stats } } });

    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'Redfin Austin holds 350 properties and no contacts, and campaigns text contacts.',
    );
    expect(note).toHaveTextContent(
      'To reach the owners, skip trace the list (Skiptrace, below) to look up their phones',
    );
  });

  it('opens a list of contacts and companies on its contacts, switches to its companies, and offers no skip trace', async () => {
    const people = buildList({ name: 'Hospitals', itemCount: 30, propCount: 0, compCount: 2 });
    const contacts = Array.from({ length: 25 }, (_, i) => ({
      _id: `c-${i}`,
      type: 'contact' as const,
      title: i === 0 ? 'Southeast Health Medical Center' : `Contact ${i}`,
      identifiers: ['+13347938701'],
      status: 'Not contacted',
    }));
    const companies = [
      {
        _id: 'co-1',
        type: 'company' as const,
        title: 'Marshall Medical Centers',
        identifiers: [],
        status: null,
      },
    ];
    setUp({
      [`GET ${BY_ID}/0`]: () => {
        const url = String(vi.mocked(fetch).mock.calls.at(-1)![0]);
        const type = new URL(url, 'http://x').searchParams.get('type');
        const records = type === 'contact' ? contacts : type === 'company' ? companies : undefined;
        return {
          status: 200,
          body: {
            list: people,
            total: records ? (type === 'contact' ? 30 : 1) : 0,
            properties: [],
            records,
            stats,
          },
        };
      },
    });

    const pane = await screen.findByRole('region', { name: 'Contacts' });
    expect(
      await within(pane).findByRole('link', { name: 'Southeast Health Medical Center' }),
    ).toHaveAttribute('href', `/lists/${ID}?record=c-0`);
    expect(within(pane).getAllByText('(334) 793-8701')[0]).toBeInTheDocument();
    expect(within(pane).getByText('Showing contacts between 1 - 25')).toBeInTheDocument();
    expect(screen.queryByText('No properties in this list.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Skiptrace/ })).not.toBeInTheDocument();
    expect(screen.getByText(messages.skiptrace.noPropertiesToTrace)).toBeInTheDocument();

    screen.getByRole('radio', { name: 'Companies · 2' }).click();
    const companiesPane = await screen.findByRole('region', { name: 'Companies' });
    expect(
      await within(companiesPane).findByRole('link', { name: 'Marshall Medical Centers' }),
    ).toBeInTheDocument();
    expect(urlsCalled().some((u) => u.includes('type=company'))).toBe(true);
  });

  it('says nothing of the kind for a list with contacts', async () => {
    setUp({ [`GET ${BY_ID}/0`]: pageOf(0, 50) });
    await screen.findByRole('button', { name: 'Launch Campaign' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('launches a campaign with the list', async () => {
    const { user, location } = setUp({
      [`GET ${BY_ID}/0`]: pageOf(0, 50),
      // The builder it opens asks for the lists and their contacts per status.
      'POST /api/lists/get': { status: 200, body: { lists: [], hasMore: false } },
      'POST /api/items/count': { status: 200, body: [] },
    });

    await user.click(await screen.findByRole('button', { name: 'Launch Campaign' }));

    expect(location.current).toBe('/campaign-builder');
    expect(location.state).toEqual({ listIds: [ID] });
  });

  describe('export', () => {
    let downloads: { name: string; blob: Blob }[];
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;

    beforeEach(() => {
      downloads = [];
      let lastBlob: Blob | null = null;
      URL.createObjectURL = (blob: Blob) => {
        lastBlob = blob;
        return 'blob:export';
      };
      URL.revokeObjectURL = () => undefined;
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
      });
    });

    afterEach(() => {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
    });

    it('fetches every chunk of 10,000 and downloads them as one CSV with one header', async () => {
      const chunks: Record<number, { csv: string; rows: number; hasMore: boolean }> = {
        0: { csv: 'Name,Phone\nAnn,+15125550101\n', rows: 1, hasMore: true },
        10000: { csv: 'Name,Phone\nBob,+15125550102\n', rows: 1, hasMore: true },
        20000: { csv: 'Name,Phone\nCy,+15125550103\n', rows: 1, hasMore: false },
      };
      const { user } = setUp({
        [`GET ${BY_ID}/0`]: pageOf(0, 50),
        'POST /api/items/exportAll': ({ body }) => ({
          status: 200,
          body: { fileName: 'x.csv', ...chunks[(body as { skip: number }).skip]! },
        }),
      });

      await user.click(await screen.findByRole('button', { name: 'Export all' }));

      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(requestsTo('POST', '/api/items/exportAll').map((r) => r.body)).toEqual([
        { listId: ID, skip: 0 },
        { listId: ID, skip: 10000 },
        { listId: ID, skip: 20000 },
      ]);
      expect(downloads[0]!.name).toBe('Austin leads - all.csv');
      expect(await downloads[0]!.blob.text()).toBe(
        'Name,Phone\nAnn,+15125550101\nBob,+15125550102\nCy,+15125550103\n',
      );
    });

    it('downloads nothing and says so when there is nothing to export', async () => {
      const { user } = setUp({
        [`GET ${BY_ID}/0`]: pageOf(0, 50),
        'POST /api/items/exportDNC': {
          status: 200,
          body: { fileName: 'x.csv', csv: 'Phone\n', rows: 0, hasMore: false },
        },
      });

      await user.click(await screen.findByRole('button', { name: 'Export DNC' }));

      expect(
        await screen.findByText('There is nothing to export: no contact of Austin leads has a DNC phone.'),
      ).toBeInTheDocument();
      expect(downloads).toHaveLength(0);
    });

    it('says, beside the export buttons, that a list without contacts has nothing to export', async () => {
      const redfin = buildList({ name: 'Redfin Austin', itemCount: 0, propCount: 350, compCount: 0 });
      setUp({ [`GET ${BY_ID}/0`]: { status: 200, body: { list: redfin, total: 0, properties: [], stats } } });

      const exportAll = await screen.findByRole('button', { name: 'Export all' });
      expect(exportAll).toBeDisabled();
      expect(
        screen.getByText(
          'Redfin Austin has no contacts, so there is nothing to export. Exports hold contacts and their phones.',
        ),
      ).toBeInTheDocument();
    });
  });
});
