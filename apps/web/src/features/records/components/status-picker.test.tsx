import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildStatus } from '../../../test/factories';
import { requestsTo, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The record's status (spec part 1 §4, §5): picked from the board's statuses, shown at once.

const BOARD: FakeRoute = {
  status: 200,
  body: {
    filterBy: null,
    columns: [
      { status: buildStatus({ _id: 's-new', text: 'New lead' }), count: 0, items: [] },
      { status: buildStatus({ _id: 's-hot', text: 'Hot' }), count: 0, items: [] },
    ],
  },
};

function setUp(status: string | null, changeStatus: FakeRoute) {
  return renderRecordOverPage({
    item: { status },
    routes: { 'POST /api/dashboard/get': BOARD, 'PATCH /api/items/changeStatus': changeStatus },
  });
}

describe("a record's status", () => {
  it('shows the picked status at once and tells the server which it replaces', async () => {
    const { user } = setUp('New lead', () => new Promise(() => undefined));
    const record = await findRecord();

    await user.click(record.getByRole('button', { name: 'Status: New lead' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hot' }));

    expect(await record.findByRole('button', { name: 'Status: Hot' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/items/changeStatus')[0]?.body).toEqual({
        dataId: RECORD_ID,
        status: 'Hot',
        prevStatus: 'New lead',
      }),
    );
  });

  it('goes back to the old status, with the reason, when the server refuses', async () => {
    const { user } = setUp('New lead', { status: 409, body: { code: 'X', message: 'Status locked.' } });
    const record = await findRecord();

    await user.click(record.getByRole('button', { name: 'Status: New lead' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hot' }));

    expect(await screen.findByText('Status locked.')).toBeInTheDocument();
    expect(await record.findByRole('button', { name: 'Status: New lead' })).toBeInTheDocument();
  });

  it('still offers a status the board no longer has, while the record holds it', async () => {
    const { user } = setUp('Archived', { status: 200, body: { _id: RECORD_ID, status: null } });
    const record = await findRecord();

    await user.click(record.getByRole('button', { name: 'Status: Archived' }));

    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['New lead', 'Hot', 'Archived']);
  });
});
