import { describe, expect, it } from 'vitest';
import { buildMessage } from '../../../test/factories';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The right side of a record (spec part 1 §2.4): its thread, and the Comment and SMS boxes under it.

describe("a record's thread", () => {
  it('says so when nothing has been written yet', async () => {
    renderRecordOverPage({});
    const record = await findRecord();
    expect(record.getByRole('log', { name: 'Thread' })).toHaveTextContent('No messages yet.');
  });

  it('shows the messages it has instead', async () => {
    renderRecordOverPage({ messages: [buildMessage({ itemId: RECORD_ID, body: 'Called, no answer' })] });
    const record = await findRecord();
    const thread = record.getByRole('log', { name: 'Thread' });
    expect(thread).toHaveTextContent('Called, no answer');
    expect(thread).not.toHaveTextContent('No messages yet.');
  });

  it('answers with a comment first, and the SMS tab swaps in the SMS box', async () => {
    const { user } = renderRecordOverPage({});
    const record = await findRecord();
    expect(record.getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
    expect(record.queryByRole('textbox', { name: 'SMS' })).not.toBeInTheDocument();

    await user.click(record.getByRole('tab', { name: 'SMS' }));

    expect(record.getByRole('textbox', { name: 'SMS' })).toBeInTheDocument();
    expect(record.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();

    await user.click(record.getByRole('tab', { name: 'Comment' }));
    expect(record.getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
  });
});
