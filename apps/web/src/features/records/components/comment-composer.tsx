import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Avatar, Button, Combobox, Group, Stack, Text, Textarea, useCombobox } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { ItemType, MemberDto } from '@prospector/core';
import { initialsOf } from '../../../lib/format';
import { useAddComment } from '../api/add-comment';

/** Spec part 1 §9: the comment input starts 100 px high. */
const COMMENT_MIN_HEIGHT_PX = 100;
const MAX_SUGGESTIONS = 8;

type MentionQuery = { start: number; end: number; query: string };

/** "@bo" right before the caret, at the start or after a space: the member being mentioned. */
function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, end: caret, query };
}

type CommentComposerProps = { itemId: string; itemType: ItemType; members: readonly MemberDto[] };

/**
 * The comment box: Enter sends, Shift+Enter adds a line, Escape cancels; typing @ offers the team's
 * members and the chosen ones are sent as `mentions`.
 */
export function CommentComposer({ itemId, itemType, members }: CommentComposerProps) {
  const add = useAddComment(itemId, itemType);
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<MemberDto[]>([]);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const suggestions = mention
    ? members
        .filter((m) => m.name.toLowerCase().includes(mention.query.toLowerCase()))
        .slice(0, MAX_SUGGESTIONS)
    : [];
  const suggesting = mention !== null && suggestions.length > 0;

  useEffect(() => {
    if (suggesting) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    } else combobox.closeDropdown();
  }, [suggesting, mention?.query, combobox]);

  function reset() {
    setText('');
    setMentioned([]);
    setMention(null);
  }

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    const { value, selectionStart } = event.currentTarget;
    setText(value);
    setMention(mentionAt(value, selectionStart ?? value.length));
  }

  function choose(memberId: string) {
    const member = members.find((m) => m._id === memberId);
    if (!member || !mention) return;
    const inserted = `@${member.name} `;
    const next = text.slice(0, mention.start) + inserted + text.slice(mention.end);
    const caret = mention.start + inserted.length;
    setText(next);
    setMention(null);
    setMentioned((list) => (list.some((m) => m._id === member._id) ? list : [...list, member]));
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(caret, caret));
  }

  function send() {
    const body = text.trim();
    if (!body || add.isPending) return;
    const mentions = mentioned.filter((m) => body.includes(`@${m.name}`)).map((m) => m._id);
    add.mutate({ body, mentions }, { onSuccess: reset });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    // While members are offered, Enter and the arrows belong to the list.
    if (suggesting && combobox.dropdownOpened && event.key === 'Enter') return;
    if (event.key === 'Escape') {
      if (suggesting) setMention(null);
      else reset();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  return (
    <Stack gap={6}>
      <Combobox store={combobox} onOptionSubmit={choose} position="top-start" withinPortal width={280}>
        <Combobox.Target
          // Escape first clears the comment (or the member list) instead of closing the record.
          data-mantine-stop-propagation={text || suggesting ? 'true' : undefined}
        >
          <Textarea
            ref={inputRef}
            aria-label="Comment"
            placeholder="Write a comment… Type @ to mention a teammate"
            value={text}
            onChange={handleChange}
            onKeyDown={handleKeyDown}
            onBlur={() => setMention(null)}
            autosize
            maxRows={10}
            styles={{ input: { minHeight: COMMENT_MIN_HEIGHT_PX } }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!suggesting}>
          <Combobox.Options aria-label="Team members">
            {suggestions.map((m) => (
              <Combobox.Option value={m._id} key={m._id}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={m.avatar} size={22} radius="xl" color="brand">
                    {initialsOf(m.name)}
                  </Avatar>
                  <Text size="sm">{m.name}</Text>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Enter to send · Shift+Enter for a new line · Esc to cancel
        </Text>
        <Button
          size="xs"
          leftSection={<IconSend size={14} />}
          onClick={send}
          loading={add.isPending}
          disabled={!text.trim()}
        >
          Comment
        </Button>
      </Group>
    </Stack>
  );
}
