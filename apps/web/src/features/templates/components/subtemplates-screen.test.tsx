import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { fakeId, fakeTemplatesServer, type TemplatesState } from '../testing/fake-templates-server';

const GREETING = { _id: fakeId(), name: 'greeting', values: ['Hi', 'Hello', 'Hey there'] };

function setUp(initial: Partial<TemplatesState> = {}) {
  const server = fakeTemplatesServer(initial);
  mockApi({ 'GET /api/users/me': { status: 200, body: { user: buildUser() } }, ...server.routes });
  return { ...renderApp('/templates/subtemplates', { token: 'token-ann' }), server };
}

describe('Templates > Subtemplates', () => {
  it('says there are none yet', async () => {
    setUp();
    expect(await screen.findByText(messages.templates.noSubtemplates)).toBeInTheDocument();
  });

  it('lists each subtemplate with how templates use it and its options', async () => {
    setUp({ subTemplates: [GREETING] });
    const row = within(await screen.findByRole('article', { name: 'greeting' }));
    expect(row.getByText('{greeting}')).toBeInTheDocument();
    expect(row.getByText('3 options')).toBeInTheDocument();
    expect(row.getByText('Hey there')).toBeInTheDocument();
  });

  it('saves a new one only with a name and a first option, and drops the empty options', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Add subtemplate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add subtemplate' }));
    const save = dialog.getByRole('button', { name: 'Save' });

    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'closing');
    expect(save).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Add option' }));
    await user.type(dialog.getByRole('textbox', { name: 'Option 2' }), 'Thanks');
    expect(save).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Option 1' }), 'Best');
    await user.click(dialog.getByRole('button', { name: 'Add option' }));
    await user.click(dialog.getByRole('button', { name: 'Add option' }));
    await user.type(dialog.getByRole('textbox', { name: 'Option 4' }), 'Cheers');
    await user.clear(dialog.getByRole('textbox', { name: 'Name' }));
    expect(save).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'closing');
    await user.click(save);

    const row = within(await screen.findByRole('article', { name: 'closing' }));
    expect(row.getByText('3 options')).toBeInTheDocument();
    expect(requestsTo('PUT', '/api/templates/addSubTemplate')[0]?.body).toEqual({
      name: 'closing',
      values: ['Best', 'Thanks', 'Cheers'],
    });
  });

  it('edits the options of one, removing one of them', async () => {
    const { user } = setUp({ subTemplates: [GREETING] });
    await user.click(await screen.findByRole('button', { name: 'Edit greeting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit subtemplate' }));

    await user.click(dialog.getByRole('button', { name: 'Remove option 2' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    const row = within(await screen.findByRole('article', { name: 'greeting' }));
    await waitFor(() => expect(row.getByText('2 options')).toBeInTheDocument());
    expect(row.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('removes one whose edit leaves no options, and says so', async () => {
    const { user } = setUp({ subTemplates: [GREETING] });
    await user.click(await screen.findByRole('button', { name: 'Edit greeting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit subtemplate' }));

    for (const name of ['Option 1', 'Option 2', 'Option 3'])
      await user.clear(dialog.getByRole('textbox', { name }));
    expect(dialog.getByText('Without options, saving removes this subtemplate.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/“greeting” was removed: it had no options left/)).toBeInTheDocument();
    expect(await screen.findByText(messages.templates.noSubtemplates)).toBeInTheDocument();
  });

  it('removes one only after confirmation', async () => {
    const { user } = setUp({ subTemplates: [GREETING] });
    await user.click(await screen.findByRole('button', { name: 'Remove greeting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove subtemplate' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('article', { name: 'greeting' })).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/templates/removeSubTemplate')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove greeting' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove subtemplate' })).getByRole('button', {
        name: 'Remove subtemplate',
      }),
    );

    expect(await screen.findByText(messages.templates.noSubtemplates)).toBeInTheDocument();
  });
});
