import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type IdentifierDto, type ItemDto, type MessageDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { useSendSms } from '../api/send-sms';

/** Spec part 1 §9: the input starts 100 px high, like the comment's. */
const SMS_MIN_HEIGHT_PX = 100;
const NO_RECIPIENT = '';
const AUTO_DEVICE = '';
const SMS_MAX_LENGTH = 1600;

/** A device texts can go out from: an Android phone or an iPhone (by number or Apple ID). */
export type SmsSender = { value: string; label: string; connected: boolean };

/** Controls composed beside Send by the app (quick replies): they may put text into the box at its cursor. */
export type SmsToolsSlot = ComponentType<{ insert: (text: string) => void; disabled: boolean }>;

type SmsComposerProps = {
  item: ItemDto;
  senders: readonly SmsSender[];
  /** Who is sending, for the text shown before the server answers. */
  viewer: MessageDto['sender'];
  tools?: SmsToolsSlot;
  /** Why a text written now will not go out (the team is suspended), said before it is written. */
  notice?: string | null;
};

function recipientLabel(idt: IdentifierDto): string {
  const value = formatPhone(idt.value);
  if (idt.status) return `${value} · ${idt.status}`;
  return idt.primary ? `${value} (primary)` : value;
}

/**
 * The SMS box (spec part 1 §2.4, §5): 'To' starts on the record's primary number when it can be texted;
 * 'Select' shows the history only; once a number is chosen,
 * Enter sends, Shift+Enter adds a line, Escape clears; an empty text is ignored. DNC and Wrong #
 * numbers are listed but cannot be chosen.
 */
export function SmsComposer({ item, senders, viewer, tools: Tools, notice = null }: SmsComposerProps) {
  const send = useSendSms(item._id, item.type, viewer);
  // Phones, and Apple IDs that iMessage reaches; an identifier marked DNC meanwhile is no longer chosen.
  const recipients = item.idts.filter((i) => !i.isEmail || i.apple);
  const [to, setTo] = useState(
    () => recipients.find((i) => i.primary && i.status === '')?.value ?? NO_RECIPIENT,
  );
  const [from, setFrom] = useState(AUTO_DEVICE);
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const recipient = recipients.find((i) => i.value === to && i.status === '');
  const device = senders.some((s) => s.value === from) ? from : AUTO_DEVICE;

  function submit() {
    const body = text.trim();
    if (!body || !recipient) return;
    setText('');
    send
      .mutateAsync({ body, to: recipient.value, from: device || undefined })
      // Refused (the toast says why): the text comes back to the box unless a new one was started.
      .catch(() => setText((current) => current || body));
  }

  function insert(snippet: string) {
    const start = box.current?.selectionStart ?? text.length;
    const end = box.current?.selectionEnd ?? start;
    setText(`${text.slice(0, start)}${snippet}${text.slice(end)}`.slice(0, SMS_MAX_LENGTH));
    const caret = Math.min(start + snippet.length, SMS_MAX_LENGTH);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(caret, caret);
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') setText('');
    else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <Stack gap={6}>
      {notice && (
        <Text size="xs" c="red.8" fw={500} role="status">
          {notice}
        </Text>
      )}
      <Group gap="xs" grow align="flex-start">
        <NativeSelect
          label="To"
          size="xs"
          // Escape closes the list of numbers, not the record around it.
          data-mantine-stop-propagation="true"
          value={recipient ? recipient.value : NO_RECIPIENT}
          onChange={(event) => setTo(event.currentTarget.value)}
          data={[
            { value: NO_RECIPIENT, label: 'Select' },
            ...recipients.map((i) => ({
              value: i.value,
              label: recipientLabel(i),
              disabled: i.status !== '',
            })),
          ]}
        />
        <NativeSelect
          label="From"
          size="xs"
          data-mantine-stop-propagation="true"
          value={device}
          onChange={(event) => setFrom(event.currentTarget.value)}
          data={[
            { value: AUTO_DEVICE, label: 'Auto' },
            ...senders.map((s) => ({
              value: s.value,
              label: s.connected ? s.label : `${s.label} · Disconnected`,
            })),
          ]}
        />
      </Group>
      <Textarea
        ref={box}
        aria-label="SMS"
        placeholder={recipient ? 'Type an SMS' : 'Choose a number in To to write an SMS'}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        disabled={!recipient}
        autosize
        maxRows={10}
        maxLength={SMS_MAX_LENGTH}
        // Escape first clears the text instead of closing the record.
        data-mantine-stop-propagation={text ? 'true' : undefined}
        styles={{ input: { minHeight: SMS_MIN_HEIGHT_PX } }}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {recipient
            ? 'Enter to send · Shift+Enter for a new line · Esc to cancel'
            : 'Select shows the history only.'}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {Tools && <Tools insert={insert} disabled={!recipient} />}
          <Button
            size="xs"
            leftSection={<IconSend size={14} />}
            onClick={submit}
            disabled={!recipient || !text.trim()}
          >
            Send
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
