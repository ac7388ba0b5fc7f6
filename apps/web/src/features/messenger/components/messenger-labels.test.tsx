import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPLY_LABELS, type InboxRow, type ReplyLabel } from '@prospector/core';
import { buildInboxRow, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const JANE = '11111111-1111-4111-8111-000000000001';
const BOB = '11111111-1111-4111-8111-000000000002';
const JANE_REPLY = '55555555-5555-4555-8555-000000000001';
const BOB_REPLY = '55555555-5555-4555-8555-000000000002';

type Label = NonNullable<InboxRow['replyLabel']>;
const unsure = (messageId: string, label: ReplyLabel): Label => ({
  messageId,
  label,
  confidence: 0.41,
  needsLook: true,
  source: 'model',
});
const member = (label: Label, picked: ReplyLabel): Label => ({
  ...label,
  label: picked,
  confidence: 1,
  needsLook: false,
  source: 'member',
});

/**
 * A fake Messenger that keeps its labels: the Needs a look tab lists and counts the rows whose label
 * needs a look; a correction changes the stored label as the server does.
 */
function labelledInbox(rows: InboxRow[]) {
  const lists = (inboxType: string, replyLabel?: ReplyLabel) =>
    (inboxType === 'needs_look' ? rows.filter((r) => r.replyLabel?.needsLook) : rows).filter(
      (r) => !replyLabel || r.replyLabel?.label === replyLabel,
    );
  const inbox: FakeRoute = ({ body }) => {
    const { inboxType, replyLabel } = body as { inboxType: string; replyLabel?: ReplyLabel };
    return {
      status: 200,
      body: { items: lists(inboxType, replyLabel), unread: 0, needsLook: lists('needs_look').length },
    };
  };
  // Records per label of their latest reply, as the server counts them.
  const counts: FakeRoute = () => ({
    status: 200,
    body: {
      counts: Object.fromEntries(
        REPLY_LABELS.map((l) => [l, rows.filter((r) => r.replyLabel?.label === l).length]),
      ),
      needsLook: lists('needs_look').length,
    },
  });
  const correct: FakeRoute = ({ body }) => {
    const { messageId, label } = body as { messageId: string; label: ReplyLabel };
    const row = rows.find((r) => r.replyLabel?.messageId === messageId)!;
    row.replyLabel = member(row.replyLabel!, label);
    return {
      status: 200,
      body: { label: { ...row.replyLabel, itemId: row._id, action: null } },
    };
  };
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'POST /api/items/countExport': { status: 200, body: { statuses: [] } },
    'POST /api/items/get': inbox,
    'GET /api/replies/counts': counts,
    'PATCH /api/replies/label': correct,
  });
  return renderApp('/messenger', { token: 'token-ann' });
}

const rows = () => [
  buildInboxRow({ _id: JANE, title: 'Jane Doe', replyLabel: unsure(JANE_REPLY, 'other') }),
  buildInboxRow({
    _id: BOB,
    title: 'Bob Lee',
    replyLabel: {
      messageId: BOB_REPLY,
      label: 'interested',
      confidence: 0.93,
      needsLook: false,
      source: 'model',
    },
  }),
  buildInboxRow({ title: 'Cy Park', _id: '11111111-1111-4111-8111-000000000003' }),
];
const inboxTypes = () =>
  requestsTo('POST', '/api/items/get').map((r) => (r.body as { inboxType: string }).inboxType);
const labelsAsked = () =>
  requestsTo('POST', '/api/items/get').map((r) => (r.body as { replyLabel?: string }).replyLabel ?? null);

// The first render of the whole app takes seconds when the machine is loaded: limits with margin.
const FIRST_RENDER_MS = 15_000;

describe('reply labels in the Messenger', { timeout: 45_000 }, () => {
  it("shows each row's latest reply label, marked when it needs a look, and none for a row without one", async () => {
    labelledInbox(rows());
    const jane = await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: FIRST_RENDER_MS });
    expect(within(jane).getByRole('button', { name: 'Label: Other. Change it' })).toBeInTheDocument();
    expect(within(jane).getByText('Needs a look')).toBeInTheDocument();
    const bob = screen.getByRole('row', { name: 'Bob Lee' });
    expect(within(bob).getByRole('button', { name: 'Label: Interested. Change it' })).toBeInTheDocument();
    expect(within(bob).queryByText('Needs a look')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: 'Cy Park' })).queryByRole('button', { name: /^Label:/ }),
    ).toBeNull();
  });

  it('corrects a label from the list with one pick, without opening the row, and reads the list again', async () => {
    const { user } = labelledInbox(rows());
    const jane = await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: FIRST_RENDER_MS });
    const gets = requestsTo('POST', '/api/items/get').length;
    await user.click(within(jane).getByRole('button', { name: 'Label: Other. Change it' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Not interested' }));

    expect(requestsTo('PATCH', '/api/replies/label').map((r) => r.body)).toEqual([
      { messageId: JANE_REPLY, label: 'not_interested' },
    ]);
    expect(
      await within(jane).findByRole('button', { name: 'Label: Not interested. Change it' }),
    ).toBeInTheDocument();
    expect(within(jane).queryByText('Needs a look')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Conversation with Jane Doe' })).not.toBeInTheDocument();
    await waitFor(() => expect(requestsTo('POST', '/api/items/get').length).toBeGreaterThan(gets));
  });

  it('has a Needs a look tab with its count; keeping a label in one click takes the row off the tab', async () => {
    const { user } = labelledInbox(rows());
    await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: FIRST_RENDER_MS });
    const tab = screen.getByRole('tab', { name: /Needs a look/ });
    expect(within(tab).getByLabelText('1 need a look')).toBeInTheDocument();

    await user.click(tab);
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Bob Lee' })).not.toBeInTheDocument());
    expect(inboxTypes().at(-1)).toBe('needs_look');
    const jane = screen.getByRole('row', { name: 'Jane Doe' });

    await user.click(within(jane).getByRole('button', { name: 'Keep the label Other' }));
    expect(requestsTo('PATCH', '/api/replies/label').map((r) => r.body)).toEqual([
      { messageId: JANE_REPLY, label: 'other' },
    ]);
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Jane Doe' })).not.toBeInTheDocument());
    expect(within(tab).queryByLabelText(/need a look/)).not.toBeInTheDocument();
  });

  it("follows another member's correction live: the tab's count and its rows change", async () => {
    const shown = rows();
    labelledInbox(shown);
    await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: FIRST_RENDER_MS });
    const tab = screen.getByRole('tab', { name: /Needs a look/ });
    expect(within(tab).getByLabelText('1 need a look')).toBeInTheDocument();

    shown[1]!.replyLabel = unsure(BOB_REPLY, 'question');
    act(() =>
      latestSocket().serverEmit('replyLabelled', {
        itemId: BOB,
        label: { ...shown[1]!.replyLabel!, itemId: BOB, action: null },
      }),
    );
    expect(await within(tab).findByLabelText('2 need a look')).toBeInTheDocument();
    const bob = screen.getByRole('row', { name: 'Bob Lee' });
    expect(
      await within(bob).findByRole('button', { name: 'Label: Question. Change it' }),
    ).toBeInTheDocument();
  });

  it('shows each label with its count of records, lists only the records with the label picked, and all again on a second click', async () => {
    const { user } = labelledInbox(rows());
    await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: FIRST_RENDER_MS });
    const chips = screen.getByRole('group', { name: 'Reply labels' });
    const chip = (name: string) =>
      within(chips).getByRole('checkbox', { name: new RegExp(`^${name}\\s*\\d+$`) });
    await waitFor(() => expect(chip('Interested')).toHaveAccessibleName(/^Interested\s*1$/));
    expect(chip('Other')).toHaveAccessibleName(/^Other\s*1$/);
    expect(chip('Not interested')).toHaveAccessibleName(/^Not interested\s*0$/);

    await user.click(chip('Interested'));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Jane Doe' })).not.toBeInTheDocument());
    expect(labelsAsked().at(-1)).toBe('interested');
    expect(screen.getByRole('row', { name: 'Bob Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Cy Park' })).not.toBeInTheDocument();

    await user.click(chip('Interested'));
    // The unfiltered list again (from the cache: it was read before the pick).
    expect(await screen.findByRole('row', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(chip('Interested')).not.toBeChecked();
    expect(screen.getByRole('row', { name: 'Cy Park' })).toBeInTheDocument();

    // A correction from the list moves the counts: Jane's reply is now Not interested.
    await user.click(
      within(screen.getByRole('row', { name: 'Jane Doe' })).getByRole('button', {
        name: 'Label: Other. Change it',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Not interested' }));
    await waitFor(() => expect(chip('Not interested')).toHaveAccessibleName(/^Not interested\s*1$/));
    expect(chip('Other')).toHaveAccessibleName(/^Other\s*0$/);
  });
});
