import { useState } from 'react';
import { Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { QUICK_REPLY_MIN_LENGTH, type QuickReplyDto } from '@prospector/core';
import { useAddReply } from '../api/add-reply';
import { useEditReply } from '../api/edit-reply';
import { TemplateItemModal } from './template-item-modal';

const TITLE_MAX = 80;
const TEXT_MAX = 1600;

type QuickReplyModalProps = {
  /** The reply edited (edit mode: it has an id); null: add mode. */
  reply: QuickReplyDto | null;
  onClose: () => void;
};

/** One modal, two modes (spec part 2 §4): add without an id, edit with one. Save needs 5 characters of text. */
export function QuickReplyModal({ reply, onClose }: QuickReplyModalProps) {
  const [title, setTitle] = useState(reply?.title ?? '');
  const [text, setText] = useState(reply?.text ?? '');
  const add = useAddReply();
  const edit = useEditReply();
  const pending = add.isPending || edit.isPending;
  const canSave = text.trim().length >= QUICK_REPLY_MIN_LENGTH;

  function save() {
    const body = { title: title.trim(), text: text.trim() };
    if (reply) edit.mutate({ _id: reply._id, ...body }, { onSuccess: onClose });
    else add.mutate(body, { onSuccess: onClose });
  }

  return (
    <TemplateItemModal
      title={reply ? 'Edit quick reply' : 'Add quick reply'}
      canSave={canSave}
      pending={pending}
      onSave={save}
      onClose={onClose}
    >
      <TextInput
        label="Title"
        description="Optional: helps you find it in the list."
        placeholder="Not interested"
        data-autofocus
        maxLength={TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <Stack gap={4}>
        <Textarea
          label="Text"
          placeholder="Thanks for letting me know! I'll take you off my list."
          autosize
          minRows={4}
          maxRows={10}
          maxLength={TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {canSave ? '' : `At least ${QUICK_REPLY_MIN_LENGTH} characters.`}
          </Text>
          <Text size="xs" c="dimmed">
            {text.length} characters
          </Text>
        </Group>
      </Stack>
    </TemplateItemModal>
  );
}
