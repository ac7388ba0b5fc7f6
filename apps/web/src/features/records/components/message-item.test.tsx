import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageDto } from '@prospector/core';
import { buildMessage } from '../../../test/factories';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The entries of a record's thread (spec part 1 §5): who, which way, from which number, and how a text fared.

const text = (overrides: Partial<MessageDto>) =>
  buildMessage({ itemId: RECORD_ID, comment: false, status: null, ...overrides });

const setUp = (messages: MessageDto[]) => renderRecordOverPage({ messages });

async function openThread(user: ReturnType<typeof setUp>['user']) {
  const record = await findRecord();
  await user.click(record.getByRole('tab', { name: 'SMS' }));
  return within(record.getByRole('log', { name: 'Thread' }));
}

describe("a record's thread", () => {
  it("names a received text's sender and number, and links its file and voicemail", async () => {
    const { user } = setUp([
      text({
        _id: 'in-1',
        direction: 'in',
        phone: '+19164567890',
        body: 'Here is the listing',
        file: 'https://files.prospector.test/listing.pdf',
        vmUrl: 'https://files.prospector.test/vm.mp3',
      }),
    ]);
    const thread = await openThread(user);

    const entry = (await thread.findByText('Here is the listing')).closest('[data-testid="message"]')!;
    expect(entry).toHaveTextContent('Jane Doe');
    expect(entry).toHaveTextContent('SMS received from (916) 456-7890');
    expect(within(entry as HTMLElement).getByRole('link', { name: 'Attached file' })).toHaveAttribute(
      'href',
      'https://files.prospector.test/listing.pdf',
    );
    expect(within(entry as HTMLElement).getByRole('link', { name: 'Voicemail' })).toHaveAttribute(
      'href',
      'https://files.prospector.test/vm.mp3',
    );
  });

  it('says from which of our numbers a text went, and how it fared', async () => {
    const { user } = setUp([
      text({
        _id: 'out-1',
        direction: 'out',
        sentFrom: '+19165550100',
        body: 'Still selling?',
        status: 'delivered',
      }),
      text({ _id: 'out-2', direction: 'out', sentFrom: '+19165550100', body: 'Hello?', status: 'failed' }),
    ]);
    const thread = await openThread(user);

    const delivered = (await thread.findByText('Still selling?')).closest('[data-testid="message"]')!;
    expect(delivered).toHaveTextContent('SMS sent from (916) 555-0100');
    expect(delivered).toHaveTextContent('delivered');
    const failed = thread.getByText('Hello?').closest('[data-testid="message"]')!;
    expect(failed).toHaveTextContent('failed');
    expect(failed).not.toHaveTextContent('delivered');
  });
});
