import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMember, buildMessage } from '../../../test/factories';
import { requestsTo, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The comment box of a record (spec part 1 §2.4): @ offers the team's members, and those still named
// in the comment when it is sent are its mentions.

const ANN = buildMember();
const BOB = buildMember({ _id: '44444444-4444-4444-8444-444444444444', name: 'Bob Stone', role: 'member' });
const ROBIN = buildMember({
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'Robin Hale',
  role: 'member',
});

const saved: FakeRoute = ({ body }) => ({
  status: 200,
  body: { message: buildMessage({ _id: 'c-1', itemId: RECORD_ID, body: (body as { body: string }).body }) },
});

function setUp(addComment: FakeRoute = saved) {
  return renderRecordOverPage({
    members: [ANN, BOB, ROBIN],
    routes: { 'POST /api/messages/add': addComment },
  });
}

async function commentBox() {
  const record = await findRecord();
  return { record, box: record.getByRole('textbox', { name: 'Comment' }) };
}

const offered = () =>
  within(screen.getByRole('listbox', { name: 'Team members' }))
    .queryAllByRole('option')
    // Each option shows the member's initials, then their name.
    .map((o) => within(o).getByText(/ /).textContent);

describe("a record's comment box", () => {
  it('offers the members whose name holds what follows @, whatever its case', async () => {
    const { user } = setUp();
    const { box } = await commentBox();

    await user.type(box, 'Ask @');
    await waitFor(() => expect(offered()).toEqual(['Ann Walker', 'Bob Stone', 'Robin Hale']));
    await user.type(box, 'OB');

    await waitFor(() => expect(offered()).toEqual(['Bob Stone', 'Robin Hale']));
  });

  it('offers nobody for an @ inside a word, as in an e-mail address', async () => {
    const { user } = setUp();
    const { box } = await commentBox();

    await user.type(box, 'Write to jane@bo');

    expect(screen.queryByRole('option', { name: /Bob Stone/ })).not.toBeInTheDocument();
  });

  it('puts the clicked member in the comment and sends them as mentioned with the Comment button', async () => {
    const { user } = setUp();
    const { record, box } = await commentBox();
    await user.type(box, 'Thanks @rob');

    await user.click(await screen.findByRole('option', { name: /Robin Hale/ }));
    expect(box).toHaveValue('Thanks @Robin Hale ');
    await user.click(record.getByRole('button', { name: 'Comment' }));

    await waitFor(() => expect(box).toHaveValue(''));
    expect(requestsTo('POST', '/api/messages/add')[0]?.body).toEqual({
      body: 'Thanks @Robin Hale',
      mentions: [ROBIN._id],
      dataId: RECORD_ID,
      dataType: 'contact',
    });
    expect(record.getByRole('log', { name: 'Thread' })).toHaveTextContent('Thanks @Robin Hale');
  });

  it('does not mention a member whose name was deleted from the comment before it was sent', async () => {
    const { user } = setUp();
    const { box } = await commentBox();
    await user.type(box, '@bo');
    await user.click(await screen.findByRole('option', { name: /Bob Stone/ }));
    expect(box).toHaveValue('@Bob Stone ');

    await user.clear(box);
    await user.type(box, 'Nobody to ask{Enter}');

    await waitFor(() => expect(requestsTo('POST', '/api/messages/add')).toHaveLength(1));
    expect(requestsTo('POST', '/api/messages/add')[0]?.body).toMatchObject({
      body: 'Nobody to ask',
      mentions: [],
    });
  });

  it('closes the member list on Escape and keeps the comment; a second Escape clears it', async () => {
    const { user } = setUp();
    const { box } = await commentBox();
    await user.type(box, 'Ask @bo');
    expect(await screen.findByRole('option', { name: /Bob Stone/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Bob Stone/ })).not.toBeInTheDocument());
    expect(box).toHaveValue('Ask @bo');

    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(screen.getByRole('dialog', { name: /Jane Doe/ })).toBeInTheDocument();
  });

  it('keeps a refused comment in the box and says why', async () => {
    const { user } = setUp({ status: 409, body: { code: 'X', message: 'Comments are closed here.' } });
    const { record, box } = await commentBox();

    await user.type(box, 'Call her back{Enter}');

    expect(await screen.findByText('Comments are closed here.')).toBeInTheDocument();
    expect(box).toHaveValue('Call her back');
    expect(record.getByRole('log', { name: 'Thread' })).not.toHaveTextContent('Call her back');
  });
});
