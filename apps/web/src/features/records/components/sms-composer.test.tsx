import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IdentifierDto } from '@prospector/core';
import { buildIdentifier, buildMessage } from '../../../test/factories';
import { requestsTo, type FakeReply, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The SMS box of a contact's record (spec part 1 §2.4, §5): whom it texts, when it may send, what it sends.

const PRIMARY = buildIdentifier({ value: '+19164567890', primary: true });
const SECOND = buildIdentifier({ _id: 'idt-2', value: '+19165550123', primary: false });

const sent = (body: string) =>
  buildMessage({ _id: 'sms-1', itemId: RECORD_ID, comment: false, direction: 'out', body, status: 'queued' });
const echo: FakeRoute = ({ body }) => ({
  status: 200,
  body: { message: sent((body as { body: string }).body) },
});

function setUp(idts: IdentifierDto[] = [PRIMARY, SECOND], sendSms: FakeRoute = echo) {
  return renderRecordOverPage({ item: { idts }, routes: { 'POST /api/messages/sendSms': sendSms } });
}

async function openSmsBox(user: ReturnType<typeof setUp>['user']) {
  const record = await findRecord();
  await user.click(record.getByRole('tab', { name: 'SMS' }));
  return record;
}

describe("a record's SMS box", () => {
  it('keeps Send off while the text is empty or only spaces', async () => {
    const { user } = setUp();
    const record = await openSmsBox(user);
    const send = record.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(record.getByRole('textbox', { name: 'SMS' }), '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');

    await user.type(record.getByRole('textbox', { name: 'SMS' }), 'Hi');
    expect(send).toBeEnabled();
    expect(requestsTo('POST', '/api/messages/sendSms')).toHaveLength(0);
  });

  it('starts on no number, and lets nothing be written, when the primary phone is marked DNC', async () => {
    const { user } = setUp([{ ...PRIMARY, status: 'DNC' }, SECOND]);
    const record = await openSmsBox(user);

    expect(record.getByRole('combobox', { name: 'To' })).toHaveValue('');
    const box = record.getByRole('textbox', { name: 'SMS' });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('placeholder', 'Choose a number in To to write an SMS');
    expect(record.getByText('Select shows the history only.')).toBeInTheDocument();
    expect(record.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('offers an e-mail in To only when it is an Apple ID that iMessage reaches', async () => {
    const { user } = setUp([
      PRIMARY,
      buildIdentifier({ _id: 'idt-3', value: 'jane@mail.test', primary: false, isEmail: true }),
      buildIdentifier({
        _id: 'idt-4',
        value: 'jane@icloud.test',
        primary: false,
        isEmail: true,
        apple: true,
      }),
    ]);
    const record = await openSmsBox(user);
    const to = within(record.getByRole('combobox', { name: 'To' }));

    expect(to.getByRole('option', { name: 'jane@icloud.test' })).toBeInTheDocument();
    expect(to.queryByRole('option', { name: 'jane@mail.test' })).not.toBeInTheDocument();
  });

  it('sends the trimmed text to the number chosen in To with Send, from no device in particular', async () => {
    const { user } = setUp();
    const record = await openSmsBox(user);
    await user.selectOptions(record.getByRole('combobox', { name: 'To' }), '+19165550123');
    const box = record.getByRole('textbox', { name: 'SMS' });

    await user.type(box, '  Are you selling?  ');
    await user.click(record.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(box).toHaveValue(''));
    expect(requestsTo('POST', '/api/messages/sendSms')[0]?.body).toEqual({
      body: 'Are you selling?',
      dataId: RECORD_ID,
      dataType: 'contact',
      to: '+19165550123',
    });
  });

  it('clears the text on Escape, sends nothing, and leaves the record open', async () => {
    const { user } = setUp();
    const record = await openSmsBox(user);
    const box = record.getByRole('textbox', { name: 'SMS' });

    await user.type(box, 'Never mind{Escape}');

    expect(box).toHaveValue('');
    expect(screen.getByRole('dialog', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/messages/sendSms')).toHaveLength(0);
  });

  it('keeps a new text started while a refused one was sending, and says why it was refused', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const { user } = setUp(undefined, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
    const record = await openSmsBox(user);
    const box = record.getByRole('textbox', { name: 'SMS' });
    await user.type(box, 'First try{Enter}');
    await waitFor(() => expect(requestsTo('POST', '/api/messages/sendSms')).toHaveLength(1));
    await user.type(box, 'Second thought');

    answer({ status: 409, body: { code: 'X', message: 'That number cannot be texted now.' } });

    expect(await screen.findByText('That number cannot be texted now.')).toBeInTheDocument();
    expect(box).toHaveValue('Second thought');
  });

  it('holds at most 1,600 characters', async () => {
    const { user } = setUp();
    const record = await openSmsBox(user);
    const box = record.getByRole('textbox', { name: 'SMS' });

    await user.click(box);
    await user.paste('a'.repeat(1700));

    expect(box).toHaveValue('a'.repeat(1600));
  });
});
