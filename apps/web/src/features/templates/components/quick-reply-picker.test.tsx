import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildItem, buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { fakeId, fakeTemplatesServer, type TemplatesState } from '../testing/fake-templates-server';

const ITEM_ID = '33333333-3333-4333-8333-333333333333';
const LONG_TEXT =
  'Thanks for getting back to me! I completely understand, and I will take your number off my list right away today.';
const REPLIES = [
  { _id: fakeId(), title: 'Not interested', text: LONG_TEXT },
  { _id: fakeId(), title: 'Call me', text: 'Can I call you tomorrow?' },
];

function setUp(initial: Partial<TemplatesState> = { quickReplies: REPLIES }) {
  const server = fakeTemplatesServer(initial);
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    [`GET /api/items/${ITEM_ID}`]: {
      status: 200,
      body: { item: buildItem({ _id: ITEM_ID }), messages: [], tasks: [], sections: [] },
    },
    ...server.routes,
  });
  return renderApp(`/?record=${ITEM_ID}`, { token: 'token-ann' });
}

async function openSmsTab(user: ReturnType<typeof setUp>['user']) {
  const record = within(await screen.findByRole('dialog', { name: /Jane Doe/ }, { timeout: 15_000 }));
  await user.click(record.getByRole('tab', { name: 'SMS' }));
  return record;
}

describe('quick replies in a contact’s SMS tab', () => {
  it('puts the picked reply’s text into the SMS box, where the cursor is', async () => {
    const { user } = setUp();
    const record = await openSmsTab(user);
    // Without a number ('Select'), there is nowhere to send a reply.
    await user.selectOptions(record.getByRole('combobox', { name: 'To' }), 'Select');
    expect(record.getByRole('button', { name: 'Quick replies' })).toBeDisabled();
    // Nothing is fetched until the picker is opened.
    expect(requestsTo('GET', '/api/templates')).toHaveLength(0);

    await user.selectOptions(record.getByRole('combobox', { name: 'To' }), '+19164567890');
    await user.type(record.getByRole('textbox', { name: 'SMS' }), 'Hi Jane! ');
    await user.click(record.getByRole('button', { name: 'Quick replies' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Quick replies' }));
    const choice = await picker.findByRole('button', { name: /Call me/ });
    expect(picker.getByRole('button', { name: /Not interested/ })).toHaveTextContent(
      `${LONG_TEXT.slice(0, 80)}…`,
    );
    await user.click(choice);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick replies' })).not.toBeInTheDocument(),
    );
    expect(record.getByRole('textbox', { name: 'SMS' })).toHaveValue('Hi Jane! Can I call you tomorrow?');
  });

  it('says when the team has no quick replies yet', async () => {
    const { user } = setUp({});
    const record = await openSmsTab(user);
    await user.selectOptions(record.getByRole('combobox', { name: 'To' }), '+19164567890');
    await user.click(record.getByRole('button', { name: 'Quick replies' }));

    const picker = within(await screen.findByRole('dialog', { name: 'Quick replies' }));
    expect(await picker.findByText(messages.templates.noQuickReplies)).toBeInTheDocument();
  });
});
