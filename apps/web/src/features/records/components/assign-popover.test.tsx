import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { requestsTo, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The Assign to members popup of a record (spec part 1 §4): each member ticks in or out.

const ANN = buildMember();
const BOB = buildMember({ _id: '44444444-4444-4444-8444-444444444444', name: 'Bob Stone', role: 'member' });

function setUp(assignedTo: string[], assign: FakeRoute) {
  return renderRecordOverPage({
    item: { assignedTo },
    members: [ANN, BOB],
    routes: { 'PATCH /api/services/assign': assign },
  });
}

async function openAssign(user: ReturnType<typeof setUp>['user']) {
  const record = await findRecord();
  await user.click(record.getByRole('button', { name: 'Assign to members' }));
  return screen.findByRole('checkbox', { name: 'Bob Stone' });
}

describe("a record's Assign to members", () => {
  it('ticks the member at once and tells the server whom it assigns', async () => {
    const { user } = setUp([], () => new Promise(() => undefined));
    const bob = await openAssign(user);
    expect(bob).not.toBeChecked();

    await user.click(bob);

    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Bob Stone' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Ann Walker' })).not.toBeChecked();
    expect(requestsTo('PATCH', '/api/services/assign')[0]?.body).toEqual({
      assignedId: BOB._id,
      dataId: RECORD_ID,
      dataType: 'contact',
    });
  });

  it('ticks an unassigned member back, with the reason, when the server refuses', async () => {
    const { user } = setUp([BOB._id], { status: 403, body: { code: 'X', message: 'Not your record.' } });
    const bob = await openAssign(user);
    expect(bob).toBeChecked();

    await user.click(bob);

    expect(await screen.findByText('Not your record.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Bob Stone' })).toBeChecked());
  });
});
