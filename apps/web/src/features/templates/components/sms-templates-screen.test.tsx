import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories';
import { mockApi, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { dragWithPointer, rect } from '../../../test/pointer-drag';
import { renderApp } from '../../../test/render-app';
import {
  buildTemplate,
  fakeId,
  fakeTemplatesServer,
  type TemplatesState,
} from '../testing/fake-templates-server';

const BUYERS = { _id: fakeId(), name: 'Buyers' };
const SELLERS = { _id: fakeId(), name: 'Sellers' };

function setUp(initial: Partial<TemplatesState> = {}, routes: Record<string, FakeRoute> = {}) {
  const server = fakeTemplatesServer(initial);
  mockApi({ 'GET /api/users/me': { status: 200, body: { user: buildUser() } }, ...server.routes, ...routes });
  return { ...renderApp('/templates/sms', { token: 'token-ann' }), server };
}

const tile = (name: RegExp) => screen.findByRole('button', { name });

/** jsdom lays nothing out: group tiles side by side on top, template cards stacked below them. */
function layOutTilesAndCards(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const overlayOf = this.closest('[data-drag-overlay-for]')?.getAttribute('data-drag-overlay-for');
    const card = overlayOf
      ? document.querySelector(`[data-template-id="${overlayOf}"]`)
      : this.closest('[data-template-id]');
    if (card) {
      const index = [...document.querySelectorAll('[data-template-id]')].indexOf(card);
      return rect(0, 200 + index * 110, 700, 100);
    }
    const tileNode = this.closest('[data-group-tile]');
    if (!tileNode) return rect(0, 0, 0, 0);
    const index = [...document.querySelectorAll('[data-group-tile]')].indexOf(tileNode);
    return rect(index * 220, 0, 200, 100);
  });
}

describe('Templates > SMS', () => {
  it('shows each group with its template count, and the first group’s templates with how often they were blocked', async () => {
    setUp({
      groups: [BUYERS, SELLERS],
      templates: [
        buildTemplate({
          text: 'Hi **First name**, still own **Address**?',
          groupId: BUYERS._id,
          blockedCount: 3,
        }),
        buildTemplate({ text: 'Hello there, any interest in selling?', groupId: BUYERS._id }),
        buildTemplate({ text: 'Not in a group yet', groupId: '' }),
      ],
    });

    expect(await tile(/^Buyers, 2 templates$/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sellers, 0 templates' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unused, 1 template' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Buyers templates' });
    const cards = within(list).getAllByRole('article', { name: 'Template' });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Blocked 3 times');
    expect(cards[1]).not.toHaveTextContent('Blocked');
    expect(within(list).queryByText('Not in a group yet')).not.toBeInTheDocument();
  });

  it('shows the unused templates when Unused is chosen, and says so when a group has none', async () => {
    const { user } = setUp({
      groups: [SELLERS],
      templates: [buildTemplate({ text: 'Not in a group yet', groupId: '' })],
    });

    expect(await screen.findByText('No templates here yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unused, 1 template' }));

    const list = screen.getByRole('region', { name: 'Unused templates' });
    expect(within(list).getByText('Not in a group yet')).toBeInTheDocument();
  });

  it('adds a group from the Add Group tile and shows it, selected and empty', async () => {
    const { user } = setUp({ groups: [BUYERS] });

    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    const name = screen.getByRole('textbox', { name: 'Group name' });
    await user.type(name, 'Ab');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'sentee owners{Enter}');

    expect(await tile(/^Absentee owners, 0 templates$/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Absentee owners templates' })).toHaveTextContent(
      'No templates here yet.',
    );
    expect(screen.queryByRole('textbox', { name: 'Group name' })).not.toBeInTheDocument();
  });

  it('renames a group by double-clicking its name: input stops at 30 characters and Save waits for 3', async () => {
    const { user, server } = setUp({ groups: [BUYERS] });

    await user.dblClick(within(await tile(/^Buyers/)).getByText('Buyers'));
    const name = screen.getByRole('textbox', { name: 'Group name' });
    expect(name).toHaveValue('Buyers');

    await user.clear(name);
    await user.type(name, 'Ca{Enter}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(name).toBeInTheDocument();

    await user.type(name, 'sh buyers in the north-east region of the state');
    expect(name).toHaveValue('Cash buyers in the north-east ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await tile(/^Cash buyers in the north-east, 0 templates$/)).toBeInTheDocument();
    expect(server.state.groups[0]?.name).toBe('Cash buyers in the north-east');
  });

  it('removes a group only after confirmation, and its templates become unused', async () => {
    const { user } = setUp({
      groups: [BUYERS, SELLERS],
      templates: [
        buildTemplate({ text: 'First buyer text', groupId: BUYERS._id }),
        buildTemplate({ text: 'Second buyer text', groupId: BUYERS._id }),
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Actions for Buyers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove group' }));
    expect(dialog.getByText(/Its 2 templates will be kept as unused/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Buyers, 2 templates' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Buyers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove group' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove group' })).getByRole('button', {
        name: 'Remove group',
      }),
    );

    expect(await tile(/^Unused, 2 templates$/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: /^Buyers/ })).not.toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Unused templates' });
    expect(within(list).getByText('First buyer text')).toBeInTheDocument();
    expect(within(list).getByText('Second buyer text')).toBeInTheDocument();
  });

  it('assigns a template dragged onto a group tile, and unassigns one dropped on Unused', async () => {
    const template = buildTemplate({ text: 'Drag me somewhere', groupId: BUYERS._id });
    const { user, server } = setUp({ groups: [BUYERS, SELLERS], templates: [template] });
    layOutTilesAndCards();

    const card = await screen.findByRole('article', { name: 'Template' });
    dragWithPointer(card, screen.getByRole('button', { name: /^Sellers/ }));

    expect(await tile(/^Sellers, 1 template$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buyers, 0 templates' })).toBeInTheDocument();
    await waitFor(() => expect(server.state.templates[0]?.groupId).toBe(SELLERS._id));

    await user.click(screen.getByRole('button', { name: /^Sellers/ }));
    dragWithPointer(
      await screen.findByRole('article', { name: 'Template' }),
      screen.getByRole('button', { name: /^Unused/ }),
    );

    expect(await tile(/^Unused, 1 template$/)).toBeInTheDocument();
    await waitFor(() => expect(server.state.templates[0]?.groupId).toBe(''));
  });

  it('puts a dragged template back and shows the server’s message when the move fails', async () => {
    const template = buildTemplate({ text: 'Stay where you are', groupId: BUYERS._id });
    setUp(
      { groups: [BUYERS, SELLERS], templates: [template] },
      {
        'PATCH /api/templates/addToGroup': {
          status: 404,
          body: { code: 'GROUP_NOT_FOUND', message: 'That template group does not exist.' },
        },
      },
    );
    layOutTilesAndCards();

    dragWithPointer(
      await screen.findByRole('article', { name: 'Template' }),
      screen.getByRole('button', { name: /^Sellers/ }),
    );

    expect(await screen.findByText('That template group does not exist.')).toBeInTheDocument();
    expect(await tile(/^Buyers, 1 template$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sellers, 0 templates' })).toBeInTheDocument();
  });

  it('removes a template only after confirmation', async () => {
    const { user } = setUp({
      groups: [BUYERS],
      templates: [buildTemplate({ text: 'Remove me please', groupId: BUYERS._id })],
    });

    await user.click(await screen.findByRole('button', { name: 'Remove template' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove template' }));
    await user.click(dialog.getByRole('button', { name: 'Remove template' }));

    await waitFor(() => expect(screen.queryByText('Remove me please')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Buyers, 0 templates' })).toBeInTheDocument();
  });

  it('shows a teammate’s change as soon as the server announces it', async () => {
    const { server } = setUp({ groups: [BUYERS] });
    await tile(/^Buyers/);

    server.state.groups.push({ _id: fakeId(), name: 'Probate' });
    act(() => latestSocket().serverEmit('templatesChanged', {}));

    expect(await tile(/^Probate, 0 templates$/)).toBeInTheDocument();
  });
});
