import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INBOX_PAGE_SIZE, REPLY_LABELS, type CurrentUser, type InboxRow } from '@prospector/core';
import { buildIdentifier, buildInboxRow, buildItem, buildMessage, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const JANE = '11111111-1111-4111-8111-000000000001';
const BOB = '11111111-1111-4111-8111-000000000002';
const HOT = '22222222-2222-4222-8222-222222222222';
const DNC_STATUS = '33333333-3333-4333-8333-333333333333';
const ARCHIVED = '44444444-4444-4444-8444-444444444444';

/** The team's statuses: Archived is hidden on the board, DNC is built in. */
const STATUSES = {
  'POST /api/items/countExport': {
    status: 200,
    body: {
      statuses: [
        { _id: HOT, text: 'Hot', count: 3 },
        { _id: DNC_STATUS, text: 'DNC', count: 1 },
        { _id: ARCHIVED, text: 'Archived', count: 0 },
      ],
    },
  },
};

type InboxBody = {
  inboxType: string;
  selectedStatuses: string[];
  onlyMine: boolean;
  skip: number;
  search?: string;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inboxBodies = () => requestsTo('POST', '/api/items/get').map((r) => r.body as InboxBody);
const inboxReply = (items: InboxRow[], unread = 0, needsLook = 0) => ({
  status: 200,
  body: { items, unread, needsLook },
});
/** The inbox answered by what was asked. */
const answering =
  (reply: (body: InboxBody) => InboxRow[]): FakeRoute =>
  ({ body }) =>
    inboxReply(reply(body as InboxBody));

function setUp(
  inbox: FakeRoute,
  { user = buildUser(), routes = {} }: { user?: CurrentUser; routes?: Record<string, FakeRoute> } = {},
) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    ...STATUSES,
    'POST /api/items/get': inbox,
    // The label filters' counts (issue 31).
    'GET /api/replies/counts': {
      status: 200,
      body: { counts: Object.fromEntries(REPLY_LABELS.map((l) => [l, 0])), needsLook: 0 },
    },
    ...routes,
  });
  return renderApp('/messenger', { token: 'token-ann' });
}

const row = (name: string) => screen.getByRole('row', { name });

describe('messenger', () => {
  it('shows the Unread tab first and asks for the records of the tab chosen', async () => {
    const { user } = setUp(answering(({ inboxType }) => [buildInboxRow({ title: `Lead of ${inboxType}` })]));

    expect(await screen.findByRole('row', { name: 'Lead of unread' })).toBeInTheDocument();
    for (const [tab, type] of [
      ['Sent', 'sent'],
      ['Received', 'received'],
      ['All', 'all'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByRole('row', { name: `Lead of ${type}` })).toBeInTheDocument();
    }
    expect(new Set(inboxBodies().map((b) => b.inboxType))).toEqual(
      new Set(['unread', 'sent', 'received', 'all']),
    );
  });

  it("filters by the status chips, 'No status' and hidden statuses included, with no chip for DNC", async () => {
    const { user } = setUp(
      answering(({ selectedStatuses }) =>
        selectedStatuses.length ? [buildInboxRow({ title: 'Filtered lead' })] : [buildInboxRow()],
      ),
    );
    await screen.findByRole('row', { name: 'Jane Doe' });
    const chips = within(screen.getByRole('group', { name: 'Statuses' }));
    expect(await chips.findByRole('checkbox', { name: 'Archived' })).toBeInTheDocument();
    expect(chips.queryByRole('checkbox', { name: 'DNC' })).not.toBeInTheDocument();

    await user.click(chips.getByRole('checkbox', { name: 'Hot' }));
    await user.click(chips.getByRole('checkbox', { name: 'No status' }));

    expect(await screen.findByRole('row', { name: 'Filtered lead' })).toBeInTheDocument();
    expect(inboxBodies().at(-1)).toEqual({
      inboxType: 'unread',
      selectedStatuses: ['none', HOT],
      onlyMine: false,
      skip: 0,
    });
  });

  it('searches from 3 characters, 600 ms after the typing stops; shorter text filters nothing', async () => {
    const { user } = setUp(
      answering(({ search }) => (search ? [buildInboxRow({ title: 'Janet Ray' })] : [buildInboxRow()])),
    );
    await screen.findByRole('row', { name: 'Jane Doe' });
    const box = screen.getByRole('textbox', { name: 'Search the Messenger' });

    await user.type(box, 'ja');
    await pause(700);
    expect(inboxBodies().filter((b) => 'search' in b)).toHaveLength(0);
    expect(row('Jane Doe')).toBeInTheDocument();

    await user.type(box, 'n');
    await pause(300);
    expect(inboxBodies().filter((b) => 'search' in b)).toHaveLength(0);

    expect(await screen.findByRole('row', { name: 'Janet Ray' })).toBeInTheDocument();
    expect(inboxBodies().flatMap((b) => (b.search ? [b.search] : []))).toEqual(['jan']);

    await user.clear(box);
    expect(await screen.findByRole('row', { name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('cuts the last message at 90 characters with an ellipsis', async () => {
    const long = `${'a'.repeat(80)} ${'b'.repeat(30)}`;
    setUp(
      inboxReply([
        buildInboxRow({
          _id: JANE,
          lastMessage: { body: long, direction: 'in', createdAt: new Date().toISOString() },
        }),
        buildInboxRow({
          _id: BOB,
          title: 'Bob Lee',
          lastMessage: { body: 'Short one', direction: 'out', createdAt: new Date().toISOString() },
        }),
      ]),
    );

    const jane = await screen.findByRole('row', { name: 'Jane Doe' });
    expect(within(jane).getByText(`${'a'.repeat(80)} ${'b'.repeat(9)}…`)).toBeInTheDocument();
    expect(within(jane).getByRole('img', { name: 'Received' })).toBeInTheDocument();
    expect(within(row('Bob Lee')).getByText('Short one')).toBeInTheDocument();
    expect(within(row('Bob Lee')).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
  });

  it('says so when no record matches the filters', async () => {
    setUp(inboxReply([]));

    expect(await screen.findByText('No other contacts found matching your filters.')).toBeInTheDocument();
  });

  it("marks the row's phone DNC, and offers no DNC for a phone that already is", async () => {
    let janeStatus: InboxRow['phoneStatus'] = '';
    const { user } = setUp(
      () =>
        inboxReply([
          buildInboxRow({ _id: JANE, phone: '+19164567890', phoneStatus: janeStatus }),
          buildInboxRow({ _id: BOB, title: 'Bob Lee', phone: '+19165550123', phoneStatus: 'DNC' }),
        ]),
      {
        routes: {
          'PATCH /api/items/changeIdt': () => {
            janeStatus = 'DNC';
            return { status: 200, body: { item: buildItem({ _id: JANE }) } };
          },
        },
      },
    );
    const jane = await screen.findByRole('row', { name: 'Jane Doe' });
    expect(within(row('Bob Lee')).getByRole('button', { name: 'DNC' })).toBeDisabled();

    await user.click(within(jane).getByRole('button', { name: 'DNC' }));

    await waitFor(() => expect(within(row('Jane Doe')).getByRole('button', { name: 'DNC' })).toBeDisabled());
    expect(requestsTo('PATCH', '/api/items/changeIdt').map((r) => r.body)).toEqual([
      { itemId: JANE, value: '+19164567890', action: 'DNC' },
    ]);
    expect(within(row('Jane Doe')).getByRole('button', { name: 'Wrong number' })).toBeEnabled();
  });

  it('takes a DNC back with the Undo of its toast, making the phone primary again if it was', async () => {
    let janeStatus: InboxRow['phoneStatus'] = '';
    const { user } = setUp(
      () =>
        inboxReply([
          buildInboxRow({ _id: JANE, phone: '+19164567890', phoneStatus: janeStatus, hasPrimary: true }),
        ]),
      {
        routes: {
          'PATCH /api/items/changeIdt': (req) => {
            const { action } = req.body as { action: string };
            if (action === 'DNC') janeStatus = janeStatus === 'DNC' ? '' : 'DNC';
            // Marking DNC clears primary; only 'primary' sets it again.
            const idt = buildIdentifier({
              value: '+19164567890',
              primary: action === 'primary',
              status: janeStatus ?? '',
            });
            return { status: 200, body: { item: buildItem({ _id: JANE, idts: [idt] }) } };
          },
        },
      },
    );
    const jane = await screen.findByRole('row', { name: 'Jane Doe' });
    await user.click(within(jane).getByRole('button', { name: 'DNC' }));
    await screen.findByText('(916) 456-7890 marked DNC.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(requestsTo('PATCH', '/api/items/changeIdt')).toHaveLength(3));
    expect(requestsTo('PATCH', '/api/items/changeIdt').map((r) => r.body)).toEqual([
      { itemId: JANE, value: '+19164567890', action: 'DNC' },
      { itemId: JANE, value: '+19164567890', action: 'DNC' },
      { itemId: JANE, value: '+19164567890', action: 'primary' },
    ]);
    await waitFor(() => expect(within(row('Jane Doe')).getByRole('button', { name: 'DNC' })).toBeEnabled());
  });

  it("puts the phone back and shows the server's message when Wrong number fails", async () => {
    // After the refusal the list's refetch is held, so only the rollback can restore the row.
    let refused = false;
    let release = () => {};
    const { user } = setUp(
      async () => {
        if (refused) await new Promise<void>((resolve) => (release = resolve));
        return inboxReply([buildInboxRow({ _id: JANE })]);
      },
      {
        routes: {
          'PATCH /api/items/changeIdt': () => {
            refused = true;
            return { status: 404, body: { code: 'IDENTIFIER_NOT_FOUND', message: 'That phone is gone.' } };
          },
        },
      },
    );
    const jane = await screen.findByRole('row', { name: 'Jane Doe' });

    await user.click(within(jane).getByRole('button', { name: 'Wrong number' }));

    expect(await screen.findByText('That phone is gone.')).toBeInTheDocument();
    expect(within(row('Jane Doe')).getByRole('button', { name: 'Wrong number' })).toBeEnabled();
    expect(within(row('Jane Doe')).queryByText('Wrong #')).not.toBeInTheDocument();
    act(() => release());
  });

  it('refetches the list and the navigation counter when inboxChanged arrives', async () => {
    let rows = [buildInboxRow({ _id: JANE })];
    let unread = 0;
    setUp(() => inboxReply(rows, unread));
    await screen.findByRole('row', { name: 'Jane Doe' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Messenger' })).toBeInTheDocument();

    rows = [buildInboxRow({ _id: BOB, title: 'Bob Lee', unread: 2 }), ...rows];
    unread = 1;
    act(() => latestSocket().serverEmit('inboxChanged', { itemId: BOB }));

    const bob = await screen.findByRole('row', { name: 'Bob Lee' });
    expect(within(bob).getByLabelText('2 unread texts')).toBeInTheDocument();
    expect(await nav.findByRole('link', { name: 'Messenger, 1 unread' })).toBeInTheDocument();
  });

  it("shows a record's thread under its row and opens the record from there", async () => {
    const { user, location } = setUp(inboxReply([buildInboxRow({ _id: JANE })]), {
      routes: {
        [`GET /api/items/${JANE}`]: {
          status: 200,
          body: {
            item: buildItem({ _id: JANE }),
            messages: [
              buildMessage({ _id: 'm1', itemId: JANE, comment: false, body: 'Still selling 12 Oak St?' }),
              buildMessage({
                _id: 'm2',
                itemId: JANE,
                comment: false,
                direction: 'in',
                body: 'Maybe, call me.',
              }),
            ],
            tasks: [],
            sections: [],
          },
        },
      },
    });

    await user.click(await screen.findByRole('row', { name: 'Jane Doe' }));

    const thread = await screen.findByRole('region', { name: 'Conversation with Jane Doe' });
    expect(await within(thread).findByText('Maybe, call me.')).toBeInTheDocument();
    expect(within(thread).getByText('Still selling 12 Oak St?')).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Open record' }));
    expect(location.current).toBe(`/messenger?record=${JANE}`);
  });

  it('answers from the expanded row, to the number the contact texted from, without opening the record', async () => {
    const reply = buildMessage({
      _id: 'm3',
      itemId: JANE,
      comment: false,
      direction: 'out',
      body: 'Sure, when?',
    });
    const { user, location } = setUp(inboxReply([buildInboxRow({ _id: JANE })]), {
      routes: {
        [`GET /api/items/${JANE}`]: {
          status: 200,
          body: {
            item: buildItem({ _id: JANE }),
            messages: [
              buildMessage({
                _id: 'm2',
                itemId: JANE,
                comment: false,
                direction: 'in',
                phone: '+19164567890',
                body: 'Maybe, call me.',
              }),
            ],
            tasks: [],
            sections: [],
          },
        },
        'POST /api/messages/sendSms': { status: 200, body: { message: reply } },
      },
    });
    await user.click(await screen.findByRole('row', { name: 'Jane Doe' }));
    const thread = await screen.findByRole('region', { name: 'Conversation with Jane Doe' });

    await user.type(
      await within(thread).findByRole('textbox', { name: 'Reply to (916) 456-7890' }),
      'Sure, when?{Enter}',
    );

    await waitFor(() => expect(requestsTo('POST', '/api/messages/sendSms')).toHaveLength(1));
    expect(requestsTo('POST', '/api/messages/sendSms')[0]?.body).toEqual({
      body: 'Sure, when?',
      dataId: JANE,
      dataType: 'contact',
      to: '+19164567890',
    });
    expect(location.current).toBe('/messenger');
  });

  it('keeps a row read from the Unread tab open until it is closed', async () => {
    let read = false;
    const { user } = setUp(() => inboxReply(read ? [] : [buildInboxRow({ _id: JANE, unread: 2 })]), {
      routes: {
        [`GET /api/items/${JANE}`]: () => {
          read = true;
          return {
            status: 200,
            body: { item: buildItem({ _id: JANE }), messages: [], tasks: [], sections: [] },
          };
        },
      },
    });
    await user.click(await screen.findByRole('row', { name: 'Jane Doe' }));
    await screen.findByRole('region', { name: 'Conversation with Jane Doe' });

    act(() => latestSocket().serverEmit('inboxChanged', { itemId: JANE }));
    await waitFor(() =>
      expect(within(row('Jane Doe')).queryByLabelText('2 unread texts')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Conversation with Jane Doe' })).toBeInTheDocument();

    await user.click(within(row('Jane Doe')).getByRole('button', { name: 'Hide conversation' }));
    expect(await screen.findByText('No other contacts found matching your filters.')).toBeInTheDocument();
  });

  it('loads the next 30 records when the list nears the bottom', async () => {
    const page = (skip: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        buildInboxRow({
          _id: `11111111-1111-4111-8111-${String(skip + i).padStart(12, '0')}`,
          title: `Lead ${skip + i}`,
        }),
      );
    setUp(answering(({ skip }) => (skip === 0 ? page(0, INBOX_PAGE_SIZE) : page(skip, 2))));

    expect(await screen.findByRole('row', { name: 'Lead 31' })).toBeInTheDocument();
    expect(screen.getAllByRole('row', { name: /^Lead / })).toHaveLength(INBOX_PAGE_SIZE + 2);
    expect(inboxBodies().map((b) => b.skip)).toContain(INBOX_PAGE_SIZE);
  });

  it("offers 'Only mine' to admins, and sends it", async () => {
    const { user } = setUp(
      answering(({ onlyMine }) => [buildInboxRow({ title: onlyMine ? 'My lead' : 'Jane Doe' })]),
    );
    await screen.findByRole('row', { name: 'Jane Doe' });

    await user.click(screen.getByRole('switch', { name: 'Only mine' }));

    expect(await screen.findByRole('row', { name: 'My lead' })).toBeInTheDocument();
  });

  it("lets an 'Only assigned' member with the permission in, seeing only their own records", async () => {
    const member = buildUser({ role: 'member', permissions: ['messenger'], dataAccess: 'Only assigned' });
    setUp(
      answering(({ onlyMine }) => [buildInboxRow({ title: onlyMine ? 'My lead' : 'Team lead' })]),
      {
        user: member,
      },
    );

    expect(await screen.findByRole('row', { name: 'My lead' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Only mine' })).not.toBeInTheDocument();
  });

  it('keeps a member without the messenger permission off the page and out of the navigation', async () => {
    const member = buildUser({ role: 'member', permissions: ['sms', 'campaigns'] });
    const { location } = setUp(inboxReply([buildInboxRow()]), { user: member });

    await waitFor(() => expect(location.current).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.queryByRole('link', { name: /Messenger/ })).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/items/get')).toHaveLength(0);
  });
});
