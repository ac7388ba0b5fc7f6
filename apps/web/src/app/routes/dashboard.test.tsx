import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type BoardCard, type StatusDto } from '@prospector/core';
import { dragCard, layOutBoard } from '../../test/board-drag';
import { buildCard, buildMember, buildStatus, buildUser } from '../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../test/fake-api';
import { latestSocket } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';

const NEW = buildStatus({ _id: '11111111-1111-4111-8111-111111111111', text: 'New lead' });
const HOT = buildStatus({ _id: '22222222-2222-4222-8222-222222222222', text: 'Hot' });

function boardOf(columns: [StatusDto, BoardCard[]][]) {
  return {
    status: 200,
    body: {
      filterBy: null,
      columns: columns.map(([status, items]) => ({ status, count: items.length, items })),
    },
  };
}

function setUp(routes: Record<string, FakeRoute> = {}, user = buildUser()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'POST /api/dashboard/get': boardOf([
      [
        NEW,
        [buildCard({ _id: 'item-1', title: 'Jane Doe' }), buildCard({ _id: 'item-2', title: 'Bob Lee' })],
      ],
      [HOT, []],
    ]),
    ...routes,
  });
  layOutBoard();
  return renderApp('/', { token: 'token-ann' });
}

const column = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  it('moves a card dropped on another column there and sends its new status', async () => {
    setUp({ 'PATCH /api/items/changeStatus': { status: 200, body: { _id: 'item-1', status: 'Hot' } } });
    const card = await screen.findByRole('button', { name: 'Jane Doe' });

    dragCard(card, column('Hot'));

    expect(await within(column('Hot')).findByRole('button', { name: 'Jane Doe' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('PATCH', '/api/items/changeStatus')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/items/changeStatus')[0]?.body).toEqual({
      dataId: 'item-1',
      status: 'Hot',
      prevStatus: 'New lead',
    });
    await waitFor(() => expect(within(column('Hot')).getByLabelText('1 records')).toBeInTheDocument());
    expect(within(column('New lead')).queryByRole('button', { name: 'Jane Doe' })).not.toBeInTheDocument();
  });

  it("puts a refused card back and shows the server's message", async () => {
    setUp({
      'PATCH /api/items/changeStatus': {
        status: 400,
        body: { code: 'STATUS_NEEDS_PRIMARY', message: messages.records.statusNeedsPrimary },
      },
    });
    const card = await screen.findByRole('button', { name: 'Jane Doe' });

    dragCard(card, column('Hot'));

    expect(await screen.findByText(messages.records.statusNeedsPrimary)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(column('New lead')).getByRole('button', { name: 'Jane Doe' })).toBeInTheDocument(),
    );
    expect(within(column('Hot')).getByText(messages.records.emptyColumn)).toBeInTheDocument();
  });

  it('does nothing when a card is dropped on its own column', async () => {
    setUp();
    const card = await screen.findByRole('button', { name: 'Jane Doe' });

    dragCard(card, within(column('New lead')).getByRole('button', { name: 'Bob Lee' }));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsTo('PATCH', '/api/items/changeStatus')).toHaveLength(0);
    expect(within(column('New lead')).getByRole('button', { name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('refuses, without a call, to give a status to a contact card without a primary phone or e-mail', async () => {
    setUp({
      'POST /api/dashboard/get': boardOf([
        [NEW, [buildCard({ _id: 'item-1', title: 'Jane Doe', subtitle: '', hasPrimary: false })]],
        [HOT, []],
      ]),
    });
    const card = await screen.findByRole('button', { name: 'Jane Doe' });

    dragCard(card, column('Hot'));

    expect(await screen.findByText(messages.records.statusNeedsPrimary)).toBeInTheDocument();
    expect(within(column('New lead')).getByRole('button', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/items/changeStatus')).toHaveLength(0);
  });

  it("offers a new team's first actions while the board is empty, and not once it has records", async () => {
    const { user, location } = setUp({
      'POST /api/dashboard/get': boardOf([
        [NEW, []],
        [HOT, []],
      ]),
    });
    const start = await screen.findByRole('region', { name: 'Get started' });
    expect(within(start).getByRole('link', { name: 'Add a phone' })).toHaveAttribute(
      'href',
      '/settings/devices',
    );

    await user.click(within(start).getByRole('link', { name: 'Import a list' }));
    expect(location.current).toBe('/import');
  });

  it('offers no first actions on a board with records', async () => {
    setUp();
    await screen.findByRole('button', { name: 'Jane Doe' });
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('says there is no data in an empty column', async () => {
    setUp();
    await screen.findByRole('button', { name: 'Jane Doe' });

    expect(within(column('Hot')).getByText(messages.records.emptyColumn)).toBeInTheDocument();
    expect(within(column('New lead')).queryByText(messages.records.emptyColumn)).not.toBeInTheDocument();
  });

  it("shows a large column's count with thousands separators", async () => {
    setUp({
      'POST /api/dashboard/get': {
        status: 200,
        body: {
          filterBy: null,
          columns: [{ status: NEW, count: 14339, items: [buildCard({ title: 'Lead 0' })] }],
        },
      },
    });
    await screen.findByRole('button', { name: 'Lead 0' });
    expect(within(column('New lead')).getByLabelText('14,339 records')).toHaveTextContent('14,339');
  });

  it('shows the count of each column and loads its next cards when it is scrolled to the end', async () => {
    const firstPage = Array.from({ length: 30 }, (_, i) =>
      buildCard({ _id: `item-${i}`, title: `Lead ${i}` }),
    );
    setUp({
      'POST /api/dashboard/get': ({ body }) => {
        const { skip } = body as { skip?: number };
        if (skip === 30) return boardOf([[NEW, [buildCard({ _id: 'item-30', title: 'Lead 30' })]]]);
        return {
          status: 200,
          body: { filterBy: null, columns: [{ status: NEW, count: 31, items: firstPage }] },
        };
      },
    });
    await screen.findByRole('button', { name: 'Lead 0' });
    expect(within(column('New lead')).getByLabelText('31 records')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lead 30' })).not.toBeInTheDocument();

    const scroller = within(column('New lead')).getByTestId('column-scroll');
    Object.defineProperties(scroller, {
      scrollHeight: { value: 3000, configurable: true },
      clientHeight: { value: 700, configurable: true },
      scrollTop: { value: 2300, configurable: true },
    });
    scroller.dispatchEvent(new Event('scroll'));

    expect(await screen.findByRole('button', { name: 'Lead 30' })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/dashboard/get').at(-1)?.body).toEqual({
      filterBy: null,
      status: NEW._id,
      skip: 30,
    });
  });

  it('hides the member filter from an Only assigned member and shows their own board', async () => {
    const member = buildUser({ _id: 'user-2', role: 'member', dataAccess: 'Only assigned' });
    setUp({}, member);
    await screen.findByRole('button', { name: 'Jane Doe' });

    expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/dashboard/get')[0]?.body).toEqual({ filterBy: 'user-2' });
  });

  it("opens the member filter to an All data member, starting on everybody's records", async () => {
    const member = buildUser({ _id: 'user-2', name: 'Bob Stone', role: 'member', dataAccess: 'All data' });
    setUp(
      {
        'GET /api/teams/members': {
          status: 200,
          body: {
            members: [buildMember(), buildMember({ _id: 'user-2', name: 'Bob Stone', role: 'member' })],
          },
        },
      },
      member,
    );
    await screen.findByRole('button', { name: 'Jane Doe' });

    const filter = await screen.findByRole('combobox', { name: 'Member' });
    expect(filter).toHaveValue('Everyone');
    expect(requestsTo('POST', '/api/dashboard/get')[0]?.body).toEqual({ filterBy: null });
  });

  it('opens the record of a clicked card', async () => {
    const { user, location } = setUp();

    await user.click(await screen.findByRole('button', { name: 'Jane Doe' }));

    expect(location.current).toBe('/?record=item-1');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('refetches the board when a teammate changes a record', async () => {
    let moved = false;
    setUp({
      'POST /api/dashboard/get': () =>
        moved
          ? boardOf([
              [NEW, []],
              [HOT, [buildCard({ _id: 'item-1', title: 'Jane Doe', status: 'Hot' })]],
            ])
          : boardOf([
              [NEW, [buildCard({ _id: 'item-1', title: 'Jane Doe' })]],
              [HOT, []],
            ]),
    });
    await screen.findByRole('button', { name: 'Jane Doe' });

    moved = true;
    act(() => latestSocket().serverEmit('itemChanged', { itemId: 'item-1', status: 'Hot' }));

    expect(await within(column('Hot')).findByRole('button', { name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('moves a card with the keyboard: Space picks it up, an arrow goes one column over, Space drops it', async () => {
    const { user } = setUp({
      'PATCH /api/items/changeStatus': { status: 200, body: { _id: 'item-1', status: 'Hot' } },
    });
    const card = await screen.findByRole('button', { name: 'Jane Doe' });

    card.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');

    expect(await within(column('Hot')).findByRole('button', { name: 'Jane Doe' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('PATCH', '/api/items/changeStatus')).toHaveLength(1));
  });

  it('announces a keyboard move with the card and column names, not their ids', async () => {
    const { user } = setUp({
      'PATCH /api/items/changeStatus': { status: 200, body: { _id: 'item-1', status: 'Hot' } },
    });
    const card = await screen.findByRole('button', { name: 'Jane Doe' });
    const said: string[] = [];
    const region = () => document.querySelector('[id^="DndLiveRegion"]');

    card.focus();
    await user.keyboard(' ');
    said.push(region()?.textContent ?? '');
    await user.keyboard('{ArrowRight}');
    said.push(region()?.textContent ?? '');
    await user.keyboard(' ');
    said.push(region()?.textContent ?? '');

    expect(said).toEqual([
      'Jane Doe is over New lead.',
      'Jane Doe is over Hot.',
      'Jane Doe was moved to Hot.',
    ]);
  });
});
