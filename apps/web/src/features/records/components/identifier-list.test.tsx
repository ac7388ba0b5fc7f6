import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildIdentifier } from '../../../test/factories';
import { requestsTo } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// A record's phones and e-mails (spec part 1 §5): the DNC and Wrong # marks, shown at once.

const PHONE = buildIdentifier({ value: '+19164567890', primary: true });

function setUp() {
  let answer: (reply: { status: number; body: unknown }) => void = () => {};
  const view = renderRecordOverPage({
    routes: { 'PATCH /api/items/changeIdt': () => new Promise((resolve) => (answer = resolve)) },
  });
  return { ...view, answer: (reply: { status: number; body: unknown }) => answer(reply) };
}

async function markDnc(user: ReturnType<typeof setUp>['user']) {
  const record = await findRecord();
  await user.click(record.getByRole('button', { name: `Actions for ${PHONE.value}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Mark DNC' }));
  return record;
}

const phoneRow = (record: Awaited<ReturnType<typeof findRecord>>) => record.getByTestId('identifier');

describe("a record's phones", () => {
  it('marks a phone DNC at once, before the server answers', async () => {
    const { user } = setUp();
    const record = await markDnc(user);

    expect(within(phoneRow(record)).getByText('DNC')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/items/changeIdt')[0]?.body).toEqual({
        itemId: RECORD_ID,
        value: PHONE.value,
        action: 'DNC',
      }),
    );
  });

  it('takes the mark back, with the server message, when the call fails', async () => {
    const { user, answer } = setUp();
    const record = await markDnc(user);
    expect(within(phoneRow(record)).getByText('DNC')).toBeInTheDocument();

    answer({ status: 409, body: { code: 'X', message: 'That did not work.' } });

    expect(await screen.findByText('That did not work.')).toBeInTheDocument();
    await waitFor(() => expect(within(phoneRow(record)).queryByText('DNC')).not.toBeInTheDocument());
  });
});
