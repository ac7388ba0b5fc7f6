import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSection, TeamMemberDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { dragWithPointer, rect } from '../../../test/pointer-drag';
import { renderApp } from '../../../test/render-app';

const member = (_id: string, name: string): TeamMemberDto => ({
  _id,
  name,
  email: `${_id}@acme.test`,
  phone: null,
  role: 'member',
  permissions: [],
  dataAccess: 'All data',
  avatar: null,
  invited: false,
});

const systemSection = (): DataSection => ({
  _id: 'sys:contact',
  name: 'Contact',
  hidden: false,
  users: [],
  system: true,
  fields: [
    { _id: 'sys:First name', name: 'First name', type: 'Text', options: [], config: {}, system: true },
    { _id: 'sys:City', name: 'City', type: 'Text', options: [], config: {}, system: true },
  ],
});

const PATCH = 'PATCH /api/settings/updateCustomFields';

const dealSection = (): DataSection => ({
  _id: 'deal',
  name: 'Deal',
  hidden: false,
  users: [],
  system: false,
  fields: [{ _id: 'f-price', name: 'Price', type: 'Text', options: [], config: {}, system: false }],
});

/**
 * Settings > Data Fields on a fake server; `refuse` makes it refuse every save with that message, once
 * `answer` (when given) resolves: a test can look at the screen while the save is on its way.
 */
function setUp(opts: { refuse?: string; answer?: Promise<void>; sections?: DataSection[] } = {}) {
  const server = { sections: opts.sections ?? [systemSection()] };
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser({ role: 'admin' }) } },
    'GET /api/teams/listMembers': {
      status: 200,
      body: { members: [member('user-1', 'Ann Walker'), member('user-2', 'Bob Stone')] },
    },
    'GET /api/settings/customFields': () => ({
      status: 200,
      body: { type: 'contact', sections: server.sections },
    }),
    [PATCH]: async (req) => {
      await opts.answer;
      if (opts.refuse) return { status: 400, body: { code: 'SECTIONS_INVALID', message: opts.refuse } };
      server.sections = (req.body as { sections: DataSection[] }).sections;
      return { status: 200, body: req.body };
    },
  });
  return { ...renderApp('/settings/data-fields', { token: 'token-ann' }), server };
}

const sectionCard = (name: string) => screen.findByRole('region', { name: `Section ${name}` });
const saves = () => requestsTo('PATCH', '/api/settings/updateCustomFields');

/** jsdom lays nothing out: sections are stacked 300 px apart in page order, the dragged copy where its section is. */
function layOutSections() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element): DOMRect {
    const cards = [...document.querySelectorAll('[data-section-id]')];
    const card =
      this.closest('[data-section-id]') ?? document.querySelector('[data-section-id][data-dragging]');
    const index = card ? cards.indexOf(card) : -1;
    return index < 0 ? rect(0, 0, 0, 0) : rect(0, index * 300, 600, 280);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings > Data Fields', () => {
  it('shows the system section with its name and delete locked, and its fields without delete', async () => {
    setUp();
    const card = await sectionCard('Contact');
    expect(within(card).getByRole('textbox', { name: 'Section name' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Delete section Contact' })).toBeDisabled();
    const firstName = within(card).getAllByRole('textbox', { name: 'Field name' })[0];
    expect(firstName).toHaveValue('First name');
    expect(firstName).toHaveAttribute('readonly');
    expect(within(card).getByRole('button', { name: 'First name is built in' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete field/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Contact' })).toBeChecked();
  });

  it('adds a section and a category with its options, then saves the whole entity 500 ms after the changes', async () => {
    const { user, server } = setUp();
    await sectionCard('Contact');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const card = await sectionCard('New section');
    const name = within(card).getByRole('textbox', { name: 'Section name' });
    await user.clear(name);
    await user.type(name, 'Deal');
    await user.click(screen.getByRole('button', { name: 'Add Category field' }));
    const deal = await sectionCard('Deal');
    const option = within(deal).getByRole('textbox', { name: 'New option for Category' });
    await user.type(option, 'High{Enter}');
    await user.type(option, '   {Enter}');
    await user.type(option, 'Low{Enter}');
    expect(within(deal).getByRole('group', { name: 'Options of Category' })).toHaveTextContent('HighLow');
    await user.click(within(deal).getByRole('switch', { name: 'Multiple choice: Category' }));

    expect(await screen.findByText('Saved', {}, { timeout: 15_000 })).toBeInTheDocument();
    // Once when the changes come quicker than 500 ms apart; a busy machine may space them further,
    // but never one save per key: 14 keys and clicks above.
    await waitFor(() => expect(saves().at(-1)!.body).toEqual({ type: 'contact', sections: server.sections }));
    expect(saves().length).toBeLessThan(6);
    expect(server.sections.map((s) => s.name)).toEqual(['Contact', 'Deal']);
    expect(server.sections[1]!.fields).toEqual([
      {
        _id: expect.any(String),
        name: 'Category',
        type: 'Category',
        options: ['High', 'Low'],
        config: { multipick: true },
        system: false,
      },
    ]);
  });

  it('does not send a field left without a name, and says why', async () => {
    const { user } = setUp();
    await sectionCard('Contact');
    await user.click(screen.getByRole('button', { name: 'Add Number field' }));
    const field = (await screen.findAllByRole('textbox', { name: 'Field name' })).at(-1)!;
    await user.clear(field);
    expect(await screen.findByText('Not saved: Every field needs a name.')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(saves()).toHaveLength(0);
  });

  it("rolls back to the last saved state and shows the server's message when a save is refused", async () => {
    // The refusal comes only once the test has seen the new section: on a loaded machine it came first.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user } = setUp({
      refuse: 'The Deal section is shown to someone who is not on your team.',
      answer: answered,
    });
    await sectionCard('Contact');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(await sectionCard('New section')).toBeInTheDocument();
    answer();
    expect(
      (
        await screen.findAllByText(
          /The Deal section is shown to someone who is not on your team\./,
          {},
          { timeout: 15_000 },
        )
      ).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Section New section' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Section Contact' })).toBeInTheDocument();
  });

  it('deletes a section after confirmation', async () => {
    const { user, server } = setUp();
    server.sections = [
      systemSection(),
      { ...systemSection(), _id: 's-deal', name: 'Deal', system: false, fields: [] },
    ];
    await user.click(within(await sectionCard('Deal')).getByRole('button', { name: 'Delete section Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete section' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete section' }));
    await waitFor(() => expect(server.sections.map((s) => s.name)).toEqual(['Contact']), { timeout: 15_000 });
  });

  it('moves a section above another by dragging its handle', async () => {
    const { server } = setUp();
    server.sections = [
      systemSection(),
      { ...systemSection(), _id: 's-deal', name: 'Deal', system: false, fields: [] },
    ];
    const deal = await sectionCard('Deal');
    layOutSections();
    dragWithPointer(
      within(deal).getByRole('button', { name: 'Move section Deal' }),
      await sectionCard('Contact'),
    );
    await waitFor(() => expect(server.sections.map((s) => s.name)).toEqual(['Deal', 'Contact']), {
      timeout: 15_000,
    });
  });

  it('restricts a section to chosen members', async () => {
    const { user, server } = setUp({ sections: [systemSection(), dealSection()] });
    const card = await sectionCard('Deal');
    await user.click(within(card).getByPlaceholderText('Everyone'));
    await user.click(await screen.findByRole('option', { name: 'Bob Stone' }));
    await waitFor(() => expect(server.sections[1]!.users).toEqual(['user-2']), { timeout: 15_000 });
  });

  it('does not offer to restrict the built-in section (ADR 031)', async () => {
    setUp();
    const card = await sectionCard('Contact');
    expect(within(card).getByPlaceholderText('Everyone')).toBeDisabled();
  });

  it('fetches the sections again when a teammate saves them', async () => {
    setUp();
    await sectionCard('Contact');
    const before = requestsTo('GET', '/api/settings/customFields').length;
    act(() => latestSocket().serverEmit('sectionsChanged', { type: 'contact' }));
    await waitFor(() => expect(requestsTo('GET', '/api/settings/customFields').length).toBe(before + 1));
  });
});
