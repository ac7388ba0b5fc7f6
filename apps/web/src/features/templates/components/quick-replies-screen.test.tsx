import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { fakeId, fakeTemplatesServer, type TemplatesState } from '../testing/fake-templates-server';

const LONG_TEXT =
  'Thanks for getting back to me! I completely understand, and I will take your number off my list right away today.';
const NOT_INTERESTED = { _id: fakeId(), title: 'Not interested', text: LONG_TEXT };

function setUp(initial: Partial<TemplatesState> = {}) {
  const server = fakeTemplatesServer(initial);
  mockApi({ 'GET /api/users/me': { status: 200, body: { user: buildUser() } }, ...server.routes });
  return { ...renderApp('/templates/quick-replies', { token: 'token-ann' }), server };
}

describe('Templates > Quick Replies', () => {
  it('says there are none yet', async () => {
    setUp();
    expect(await screen.findByText(messages.templates.noQuickReplies)).toBeInTheDocument();
  });

  it('shows each reply’s title and its text cut at 80 characters', async () => {
    setUp({ quickReplies: [NOT_INTERESTED] });
    const row = within(await screen.findByRole('article', { name: 'Not interested' }));
    expect(row.getByText(`${LONG_TEXT.slice(0, 80)}…`)).toBeInTheDocument();
  });

  it('adds a reply once its text has 5 characters', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Add quick reply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add quick reply' }));
    const save = dialog.getByRole('button', { name: 'Save' });

    await user.type(dialog.getByRole('textbox', { name: /Title/ }), 'Call me');
    await user.type(dialog.getByRole('textbox', { name: 'Text' }), 'Call');
    expect(save).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Text' }), ' me when you can');
    await user.click(save);

    const row = within(await screen.findByRole('article', { name: 'Call me' }));
    expect(row.getByText('Call me when you can')).toBeInTheDocument();
    expect(requestsTo('PUT', '/api/templates/addReply')[0]?.body).toEqual({
      title: 'Call me',
      text: 'Call me when you can',
    });
  });

  it('edits a reply in the same modal, which then knows its id', async () => {
    const { user } = setUp({ quickReplies: [NOT_INTERESTED] });
    await user.click(await screen.findByRole('button', { name: 'Edit Not interested' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit quick reply' }));
    const text = dialog.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveValue(LONG_TEXT);

    await user.clear(text);
    await user.type(text, 'No');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(text, ' problem, thanks!');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    const row = within(await screen.findByRole('article', { name: 'Not interested' }));
    expect(await row.findByText('No problem, thanks!')).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/templates/editReply')[0]?.body).toEqual({
      _id: NOT_INTERESTED._id,
      title: 'Not interested',
      text: 'No problem, thanks!',
    });
  });

  it('deletes a reply only after confirmation', async () => {
    const { user } = setUp({ quickReplies: [NOT_INTERESTED] });
    await user.click(await screen.findByRole('button', { name: 'Delete Not interested' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete quick reply' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('article', { name: 'Not interested' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Not interested' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete quick reply' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByText(messages.templates.noQuickReplies)).toBeInTheDocument();
  });
});
