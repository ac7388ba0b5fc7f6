import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  buildTemplate,
  fakeId,
  fakeTemplatesServer,
  type TemplatesState,
} from '../testing/fake-templates-server';

const BUYERS = { _id: fakeId(), name: 'Buyers' };
const GREETING = { _id: fakeId(), name: 'greeting', values: ['Hi', 'Hello', 'Hey'] };

function setUp(initial: Partial<TemplatesState> = {}) {
  const server = fakeTemplatesServer({ groups: [BUYERS], subTemplates: [GREETING], ...initial });
  mockApi({ 'GET /api/users/me': { status: 200, body: { user: buildUser() } }, ...server.routes });
  return { ...renderApp('/templates/sms', { token: 'token-ann' }), server };
}

async function openNewTemplate(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add template' }));
  const dialog = within(await screen.findByRole('dialog', { name: /Add template/ }));
  return { dialog, text: dialog.getByRole('textbox', { name: 'Template text' }) };
}

const previews = (dialog: ReturnType<typeof within>) =>
  within(dialog.getByRole('region', { name: 'Live preview' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/^Recipient \d/, ''));

describe('the template editor', () => {
  it('shows the length and 5 live previews, with the sample contact and the subtemplate rotating', async () => {
    const { user } = setUp();
    const { dialog, text } = await openNewTemplate(user);

    await user.type(text, '{{greeting} **First name**, is **Address** for sale?');

    expect(dialog.getByText('51 characters')).toBeInTheDocument();
    const shown = previews(dialog);
    expect(shown).toHaveLength(5);
    for (const preview of shown)
      expect(preview).toMatch(/^(Hi|Hello|Hey) John, is 1458 Maple Avenue for sale\?$/);
    expect(new Set(shown.map((p) => p?.split(' ')[0])).size).toBe(3);
  });

  it('warns when a fallback repeats the word beside its placeholder', async () => {
    const { user } = setUp();
    const { dialog, text } = await openNewTemplate(user);

    await user.type(text, 'Hey there **First name|there**, still selling?');

    const preview = within(dialog.getByRole('region', { name: 'Live preview' }));
    expect(preview.getByText(/A contact without First name would read “there there”/)).toBeInTheDocument();
  });

  it('shows every second preview for a contact without the field, so the fallback is seen', async () => {
    const { user } = setUp();
    const { dialog, text } = await openNewTemplate(user);

    await user.type(text, 'Hey **First name|there**, still selling?');

    const items = within(dialog.getByRole('region', { name: 'Live preview' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Hey John, still selling?');
    expect(items[1]).toHaveTextContent('Recipient 2 · no First name');
    expect(items[1]).toHaveTextContent('Hey there, still selling?');
  });

  it('refuses a placeholder that names nothing as it is typed, and Save waits for 5 characters', async () => {
    const { user } = setUp();
    const { dialog, text } = await openNewTemplate(user);
    const save = dialog.getByRole('button', { name: 'Save' });

    await user.type(text, 'Hi');
    expect(save).toBeDisabled();
    expect(dialog.getByText(messages.templates.templateTooShort)).toBeInTheDocument();

    await user.type(text, ' **Nickname**, {{salutation}');
    expect(dialog.getByText(/There is no field named "Nickname"/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(text);
    await user.type(text, 'Hi **First name**, {{salutation}');
    expect(dialog.getByText(/There is no subtemplate named "salutation"/)).toBeInTheDocument();
    expect(save).toBeDisabled();
    expect(requestsTo('PUT', '/api/templates/addTemplate')).toHaveLength(0);
  });

  it('inserts a field and a subtemplate where the cursor is', async () => {
    const { user } = setUp();
    const { dialog, text } = await openNewTemplate(user);

    await user.type(text, ', are you selling?');
    (text as HTMLTextAreaElement).setSelectionRange(0, 0);
    await user.click(dialog.getByRole('button', { name: 'Insert subtemplate greeting' }));
    expect(text).toHaveValue('{greeting}, are you selling?');

    (text as HTMLTextAreaElement).setSelectionRange(10, 10);
    await user.click(dialog.getByRole('button', { name: 'Insert field First name' }));
    expect(text).toHaveValue('{greeting}**First name**, are you selling?');
  });

  it('adds the template to the selected group and shows it there', async () => {
    const { user } = setUp();
    const { dialog, text } = await openNewTemplate(user);

    await user.type(text, '{{greeting} **First name**, still own the house?');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = screen.getByRole('region', { name: 'Buyers templates' });
    expect(await within(list).findByText(/still own the house\?/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buyers, 1 template' })).toBeInTheDocument();
    expect(requestsTo('PUT', '/api/templates/addTemplate')[0]?.body).toEqual({
      text: '{greeting} **First name**, still own the house?',
      groupId: BUYERS._id,
    });
  });

  it('edits a template, after which it no longer shows as blocked', async () => {
    const { user } = setUp({
      templates: [buildTemplate({ text: 'Old wording here', groupId: BUYERS._id, blockedCount: 4 })],
    });

    expect(await screen.findByText('Blocked 4 times')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit template' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Edit template/ }));
    const text = dialog.getByRole('textbox', { name: 'Template text' });
    expect(text).toHaveValue('Old wording here');
    await user.clear(text);
    await user.type(text, 'New wording here');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('New wording here')).toBeInTheDocument();
    expect(screen.queryByText('Blocked 4 times')).not.toBeInTheDocument();
  });

  it('keeps the editor open and shows the server’s message when it refuses the template', async () => {
    const { user, server } = setUp();
    const { dialog, text } = await openNewTemplate(user);
    await user.type(text, 'Hi {{greeting}, how are you?');
    // A teammate removed the subtemplate meanwhile: the server refuses.
    server.state.subTemplates = [];

    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/There is no subtemplate named "greeting"/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /Add template/ })).toBeInTheDocument();
  });
});
