import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type ListDto } from '@prospector/core';
import { dragCard } from '../../../test/board-drag';
import { rect } from '../../../test/pointer-drag';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeReply, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { buildImportingList, buildList, listId } from '../testing/list-fixtures';
import { renderApp } from '../../../test/render-app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function listsReply(lists: ListDto[], hasMore = false): FakeReply {
  return { status: 200, body: { lists, hasMore } };
}

function setUp(routes: Record<string, FakeRoute> = {}, viewer = buildUser()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: viewer } },
    'POST /api/lists/get': listsReply([buildList()]),
    ...routes,
  });
  return renderApp('/lists', { token: 'token-ann' });
}

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
const bodiesOf = (method: string, path: string) => requestsTo(method, path).map((r) => r.body);

/** jsdom lays nothing out: cards are stacked 170 px apart, a copy being dragged starts on its card. */
function layOutCards(): void {
  const rowAt = (y: number, height: number) => rect(0, y, 700, height);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const overlayOf = this.closest('[data-drag-overlay-for]')?.getAttribute('data-drag-overlay-for');
    const owner = overlayOf
      ? document.querySelector(`article[data-list-id="${overlayOf}"]`)
      : this.closest('article[data-list-id]');
    if (!owner) return rowAt(0, 0);
    const index = [...document.querySelectorAll('article[data-list-id]')].indexOf(owner);
    return rowAt(index * 170, 150);
  });
}

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

describe('lists page', () => {
  afterEach(() => {
    geometry.forEach(([target, key], i) => {
      const original = originalGeometry[i];
      if (original) Object.defineProperty(target, key, original);
      else delete (target as unknown as Record<string, unknown>)[key];
    });
  });

  it('says the team has no lists yet and offers to import one', async () => {
    setUp({ 'POST /api/lists/get': listsReply([]) });

    expect(await screen.findByText(messages.lists.noLists)).toBeInTheDocument();
    const imports = screen.getAllByRole('link', { name: 'Import list' });
    expect(imports.length).toBeGreaterThan(0);
    for (const link of imports) expect(link).toHaveAttribute('href', '/import');
  });

  it('shows a member without the import permission the lists to open, nothing to import, rename, move or delete', async () => {
    const member = buildUser({ role: 'member', permissions: ['campaigns'], dataAccess: 'All data' });
    const { user } = setUp({}, member);
    const list = await screen.findByRole('article', { name: buildList().name });
    expect(screen.queryByRole('link', { name: 'Import list' })).not.toBeInTheDocument();
    expect(within(list).getByRole('textbox', { name: 'List name' })).toHaveAttribute('readonly');
    expect(within(list).queryByRole('button', { name: /^Drag / })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: `Actions for ${buildList().name}` }));
    expect(await screen.findByRole('menuitem', { name: 'Open list' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Move up' })).not.toBeInTheDocument();
  });

  it('tells a member without the import permission who adds lists, when there are none', async () => {
    setUp({ 'POST /api/lists/get': listsReply([]) }, buildUser({ role: 'member', permissions: [] }));
    expect(await screen.findByText(messages.lists.noLists)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import list' })).not.toBeInTheDocument();
  });

  it('sends the search once, 600 ms after the typing stops', async () => {
    const { user } = setUp({
      'POST /api/lists/get': ({ body }) => {
        const { search } = body as { search?: string };
        return listsReply(search ? [buildList({ _id: listId(2), name: 'Acme owners' })] : [buildList()]);
      },
    });
    await screen.findByRole('article', { name: 'Austin leads' });

    await user.type(screen.getByRole('textbox', { name: 'Search lists' }), 'acme');
    await pause(300);
    expect(bodiesOf('POST', '/api/lists/get')).toEqual([{ skip: 0 }]);

    expect(await screen.findByRole('article', { name: 'Acme owners' })).toBeInTheDocument();
    expect(bodiesOf('POST', '/api/lists/get')).toEqual([{ skip: 0 }, { search: 'acme', skip: 0 }]);
    expect(screen.queryByRole('article', { name: 'Austin leads' })).not.toBeInTheDocument();
  });

  it('renames a list once, 500 ms after the last keystroke', async () => {
    const { user } = setUp({
      'PATCH /api/dashboard/editListName': ({ body }) => ({
        status: 200,
        body: { list: buildList({ name: (body as { name: string }).name }) },
      }),
    });
    const name = within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('textbox', {
      name: 'List name',
    });

    await user.clear(name);
    await user.type(name, 'Dallas owners');
    await pause(250);
    expect(requestsTo('PATCH', '/api/dashboard/editListName')).toHaveLength(0);

    await waitFor(() => expect(requestsTo('PATCH', '/api/dashboard/editListName')).toHaveLength(1));
    await pause(600);
    expect(bodiesOf('PATCH', '/api/dashboard/editListName')).toEqual([
      { name: 'Dallas owners', listId: listId(1) },
    ]);
  });

  it('never sends an empty name and shows the saved one again when the field is left', async () => {
    const { user } = setUp();
    const name = within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('textbox', {
      name: 'List name',
    });

    await user.clear(name);
    await pause(700);
    await user.tab();

    expect(requestsTo('PATCH', '/api/dashboard/editListName')).toHaveLength(0);
    expect(name).toHaveValue('Austin leads');
  });

  it('moves the import bar on listProgress and never draws it narrower than 9%', async () => {
    setUp({ 'POST /api/lists/get': listsReply([buildImportingList()]) });
    const bar = await within(await screen.findByRole('article', { name: 'Austin leads' })).findByRole(
      'progressbar',
      { name: 'Import of Austin leads' },
    );
    const width = () =>
      screen.getByTestId('import-progress-bar').style.getPropertyValue('--progress-section-size');
    expect(width()).toBe('9%');

    act(() =>
      latestSocket().serverEmit('listProgress', {
        listId: listId(1),
        rowsDone: 450,
        totalRows: 9000,
        progress: 5,
      }),
    );
    expect(await screen.findByText('450 of 9,000 rows read')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(width()).toBe('9%');

    act(() =>
      latestSocket().serverEmit('listProgress', {
        listId: listId(1),
        rowsDone: 3780,
        totalRows: 9000,
        progress: 42,
      }),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(width()).toBe('42%');
  });

  it('turns an importing card into an imported one with Create campaign on listImported', async () => {
    let finished = false;
    const { user, location } = setUp({
      'POST /api/lists/get': () => listsReply([finished ? buildList() : buildImportingList()]),
      // The builder it opens counts the list's contacts per status.
      'POST /api/items/count': { status: 200, body: [] },
    });
    const importing = await screen.findByRole('article', { name: 'Austin leads' });
    expect(
      within(importing).queryByRole('button', { name: messages.lists.noCampaignYet }),
    ).not.toBeInTheDocument();

    finished = true;
    act(() => latestSocket().serverEmit('listImported', { listId: listId(1), list: buildList() }));

    const imported = card('Austin leads');
    expect(await within(imported).findByText('Rows read')).toBeInTheDocument();
    expect(within(imported).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(imported).getByText(/Empty row: 6/)).toBeInTheDocument();
    await user.click(within(imported).getByRole('button', { name: messages.lists.noCampaignYet }));
    expect(location.current).toBe('/campaign-builder');
    expect(location.state).toEqual({ listIds: [listId(1)] });
  });

  it('shows a list imported elsewhere when its listImported event arrives', async () => {
    let imported = false;
    setUp({ 'POST /api/lists/get': () => listsReply(imported ? [buildList()] : []) });
    await screen.findByText(messages.lists.noLists);

    imported = true;
    act(() => latestSocket().serverEmit('listImported', { listId: listId(1), list: buildList() }));

    expect(await screen.findByRole('article', { name: 'Austin leads' })).toBeInTheDocument();
  });

  it("takes a finished list's counts from the server, not from the team-wide event", async () => {
    let imported = false;
    setUp({
      'POST /api/lists/get': () =>
        listsReply([
          imported ? buildList({ itemCount: 1, propCount: 1, compCount: 0 }) : buildImportingList(),
        ]),
    });
    const importing = await screen.findByRole('article', { name: 'Austin leads' });
    expect(within(importing).getByText('0 contacts')).toBeInTheDocument();

    imported = true;
    act(() => latestSocket().serverEmit('listImported', { listId: listId(1), list: buildList() }));

    expect(await within(card('Austin leads')).findByText('1 contact')).toBeInTheDocument();
    expect(within(card('Austin leads')).getByText('1 property')).toBeInTheDocument();
    expect(within(card('Austin leads')).queryByText('120 contacts')).not.toBeInTheDocument();
  });

  it('says, by column, how many cells of Number fields held no number and were left empty', async () => {
    const result = { ...buildList().result, rowsRead: 4, notNumbers: { Price: 1, 'Square feet': 2 } };
    setUp({ 'POST /api/lists/get': listsReply([buildList({ result })]) });

    const summary = within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('group', {
      name: 'Import result',
    });
    expect(summary).toHaveTextContent(
      'Not numbers, left empty (their rows were imported): 1 in Price · 2 in Square feet',
    );
  });

  it("says when only the file's first rows were imported, and how many rows named no known country", async () => {
    const result = { ...buildList().result, rowsRead: 10_000, unknownCountries: 2, firstRowsOnly: 10_000 };
    setUp({ 'POST /api/lists/get': listsReply([buildList({ result })]) });

    const summary = within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('group', {
      name: 'Import result',
    });
    expect(
      within(summary).getByText('Only the first 10,000 rows of the file were imported.'),
    ).toBeInTheDocument();
    expect(summary).toHaveTextContent(
      "2 rows with an unrecognised country (phones read with the list's country code)",
    );
  });

  it("shows a failed import's error instead of its result", async () => {
    setUp({
      'POST /api/lists/get': listsReply([
        buildList({ state: 'failed', imported: false, error: 'The uploaded file was not found.' }),
      ]),
    });

    const failed = await screen.findByRole('article', { name: 'Austin leads' });
    expect(within(failed).getByText('The uploaded file was not found.')).toBeInTheDocument();
    expect(
      within(failed).queryByRole('button', { name: messages.lists.noCampaignYet }),
    ).not.toBeInTheDocument();
  });

  describe('deleting', () => {
    const two = [buildList({ _id: listId(1), name: 'Alpha' }), buildList({ _id: listId(2), name: 'Bravo' })];

    async function askToDelete(user: ReturnType<typeof setUp>['user'], name: string) {
      await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete list' }));
      return screen.findByRole('dialog', { name: 'Delete list' });
    }

    it('deletes a list once confirmed: its card goes, the others stay', async () => {
      const { user } = setUp({
        'POST /api/lists/get': listsReply(two),
        'PATCH /api/lists/remove': { status: 200, body: { ok: true } },
      });

      const dialog = await askToDelete(user, 'Alpha');
      expect(within(dialog).getByText(/stay in your data/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete list' }));

      await waitFor(() => expect(cardNames()).toEqual(['Bravo']));
      expect(bodiesOf('PATCH', '/api/lists/remove')).toEqual([{ listId: listId(1) }]);
      expect(await screen.findByText(messages.lists.listDeleted)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('keeps the list and sends nothing when the deletion is cancelled', async () => {
      const { user } = setUp({ 'POST /api/lists/get': listsReply(two) });

      const dialog = await askToDelete(user, 'Bravo');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(cardNames()).toEqual(['Alpha', 'Bravo']);
      expect(requestsTo('PATCH', '/api/lists/remove')).toHaveLength(0);
    });

    it('says a list still importing cannot be deleted yet, and offers no Delete button', async () => {
      const { user } = setUp({ 'POST /api/lists/get': listsReply([buildImportingList()]) });

      const dialog = await askToDelete(user, 'Austin leads');

      expect(within(dialog).getByText(messages.lists.listImporting)).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();
    });

    it("keeps the card and shows the server's message when the deletion is refused", async () => {
      const { user } = setUp({
        'POST /api/lists/get': listsReply(two),
        'PATCH /api/lists/remove': {
          status: 409,
          body: { code: 'LIST_IMPORTING', message: messages.lists.listImporting },
        },
      });

      const dialog = await askToDelete(user, 'Alpha');
      await user.click(within(dialog).getByRole('button', { name: 'Delete list' }));

      expect(await screen.findByText(messages.lists.listImporting)).toBeInTheDocument();
      expect(cardNames()).toEqual(['Alpha', 'Bravo']);
    });
  });

  describe('order', () => {
    const three = [
      buildList({ _id: listId(1), name: 'Alpha' }),
      buildList({ _id: listId(2), name: 'Bravo' }),
      buildList({ _id: listId(3), name: 'Charlie' }),
    ];

    it('Move up sends the new position and shows the list there', async () => {
      const { user } = setUp({
        'POST /api/lists/get': listsReply(three),
        'PATCH /api/dashboard/moveList': { status: 200, body: { ok: true } },
      });
      await screen.findByRole('article', { name: 'Charlie' });

      await user.click(screen.getByRole('button', { name: 'Actions for Charlie' }));
      await user.click(screen.getByRole('menuitem', { name: 'Move up' }));

      expect(cardNames()).toEqual(['Alpha', 'Charlie', 'Bravo']);
      await waitFor(() =>
        expect(bodiesOf('PATCH', '/api/dashboard/moveList')).toEqual([{ listId: listId(3), newIdx: 1 }]),
      );
    });

    it('puts the list back and shows the error when the move fails', async () => {
      const { user } = setUp({
        'POST /api/lists/get': listsReply(three),
        'PATCH /api/dashboard/moveList': {
          status: 500,
          body: { code: 'INTERNAL', message: 'The move failed.' },
        },
      });
      await screen.findByRole('article', { name: 'Alpha' });

      await user.click(screen.getByRole('button', { name: 'Actions for Alpha' }));
      await user.click(screen.getByRole('menuitem', { name: 'Move down' }));

      expect(await screen.findByText('The move failed.')).toBeInTheDocument();
      expect(bodiesOf('PATCH', '/api/dashboard/moveList')).toEqual([{ listId: listId(1), newIdx: 1 }]);
      await waitFor(() => expect(cardNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    });

    it('moves a list dragged onto another one to that position', async () => {
      setUp({
        'POST /api/lists/get': listsReply(three),
        'PATCH /api/dashboard/moveList': { status: 200, body: { ok: true } },
      });
      await screen.findByRole('article', { name: 'Charlie' });
      layOutCards();

      dragCard(screen.getByRole('button', { name: 'Drag Alpha to another position' }), card('Charlie'));

      await waitFor(() => expect(cardNames()).toEqual(['Bravo', 'Charlie', 'Alpha']));
      await waitFor(() =>
        expect(bodiesOf('PATCH', '/api/dashboard/moveList')).toEqual([{ listId: listId(1), newIdx: 2 }]),
      );
    });

    it('cannot move the first list up or the last one down', async () => {
      const { user } = setUp({ 'POST /api/lists/get': listsReply(three) });
      await screen.findByRole('article', { name: 'Alpha' });

      await user.click(screen.getByRole('button', { name: 'Actions for Alpha' }));
      expect(screen.getByRole('menuitem', { name: 'Move up' })).toBeDisabled();
      expect(screen.getByRole('menuitem', { name: 'Move down' })).toBeEnabled();
      await user.keyboard('{Escape}');

      await user.click(screen.getByRole('button', { name: 'Actions for Charlie' }));
      expect(screen.getByRole('menuitem', { name: 'Move down' })).toBeDisabled();
    });

    it('cannot be changed while a search filters the lists', async () => {
      const { user } = setUp({ 'POST /api/lists/get': listsReply(three) });
      await screen.findByRole('article', { name: 'Alpha' });

      await user.type(screen.getByRole('textbox', { name: 'Search lists' }), 'a');
      await waitFor(() => expect(requestsTo('POST', '/api/lists/get')).toHaveLength(2));
      await screen.findByRole('article', { name: 'Alpha' });

      expect(
        screen.queryByRole('button', { name: 'Drag Alpha to another position' }),
      ).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Actions for Bravo' }));
      expect(screen.getByRole('menuitem', { name: 'Move up' })).toBeDisabled();
    });
  });

  it('loads the next 15 lists when the page is scrolled near its bottom', async () => {
    const first = Array.from({ length: 15 }, (_, i) =>
      buildList({ _id: listId(i + 1), name: `List ${i + 1}` }),
    );
    setUp({
      'POST /api/lists/get': ({ body }) =>
        (body as { skip: number }).skip === 15
          ? listsReply([buildList({ _id: listId(16), name: 'List 16' })])
          : listsReply(first, true),
    });
    await screen.findByRole('article', { name: 'List 15' });
    expect(screen.queryByRole('article', { name: 'List 16' })).not.toBeInTheDocument();

    setPageGeometry({ scrollHeight: 3000, innerHeight: 900, scrollY: 1850 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });

    expect(await screen.findByRole('article', { name: 'List 16' })).toBeInTheDocument();
    expect(bodiesOf('POST', '/api/lists/get')).toEqual([{ skip: 0 }, { skip: 15 }]);
    expect(screen.queryByRole('button', { name: 'Show more lists' })).not.toBeInTheDocument();
  });

  it("opens a list's stats and launches a campaign with it", async () => {
    const { user, location } = setUp({
      'POST /api/items/count': { status: 200, body: [] },
      'GET /api/lists/statsById/00000000-0000-4000-8000-000000000001': {
        status: 200,
        body: {
          verifiedProps: 12,
          verifiedComps: 3,
          statusStats: [
            { text: 'No status', count: 90 },
            { text: 'Hot', count: 30 },
          ],
        },
      },
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('button', {
        name: 'Stats',
      }),
    );

    const panel = await screen.findByRole('region', { name: 'Austin leads stats' });
    expect(await within(panel).findByText('12')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Hot: 30')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open list' })).toHaveAttribute(
      'href',
      `/lists/${listId(1)}`,
    );

    await user.click(within(panel).getByRole('button', { name: messages.lists.launchCampaign }));
    expect(location.current).toBe('/campaign-builder');
    expect(location.state).toEqual({ listIds: [listId(1)] });
  });

  it("points a list of properties alone at the list's page for Skiptrace, which the side panel does not have", async () => {
    const { user } = setUp({
      'POST /api/lists/get': listsReply([buildList({ itemCount: 0, propCount: 350, compCount: 0 })]),
      'POST /api/items/count': { status: 200, body: [] },
      [`GET /api/lists/statsById/${listId(1)}`]: {
        status: 200,
        body: { verifiedProps: 0, verifiedComps: 0, statusStats: [] },
      },
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('button', {
        name: 'Stats',
      }),
    );

    const panel = await screen.findByRole('region', { name: 'Austin leads stats' });
    const note = await within(panel).findByRole('note');
    expect(note).toHaveTextContent("skip trace the list (Skiptrace, on the list's page)");
    expect(within(panel).queryByRole('button', { name: /Skiptrace/ })).toBeNull();
  });

  it('keeps Launch campaign off while the list is importing and shows its progress instead', async () => {
    const { user } = setUp({
      'POST /api/lists/get': listsReply([buildImportingList({ progress: 30, rowsDone: 2700 })]),
      'GET /api/lists/statsById/00000000-0000-4000-8000-000000000001': {
        status: 200,
        body: { verifiedProps: 0, verifiedComps: 0, statusStats: [] },
      },
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Austin leads' })).getByRole('button', {
        name: 'Stats',
      }),
    );

    const panel = await screen.findByRole('region', { name: 'Austin leads stats' });
    expect(within(panel).getByRole('button', { name: messages.lists.launchCampaign })).toBeDisabled();
    expect(within(panel).getByRole('progressbar', { name: 'Import of Austin leads' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(within(panel).getByText(/Estimated arrival/)).toBeInTheDocument();
  });
});
