import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconMessageBolt, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { cutPreview, messages, type QuickReplyDto } from '@prospector/core';
import type { TemplatesData } from '../api/get-templates';
import { useRemoveReply } from '../api/remove-reply';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { QuickReplyModal } from './quick-reply-modal';
import { TabHeader } from '../../../components/tab-header';
import { TemplatesQuery } from './templates-query';
import { replyTitle } from '../utils/reply-title';

type Editing = { reply: QuickReplyDto | null } | null;

type ReplyRowProps = { reply: QuickReplyDto; onEdit: () => void; onRemove: () => void };

function ReplyRow({ reply, onEdit, onRemove }: ReplyRowProps) {
  const title = replyTitle(reply);
  return (
    <Paper withBorder radius="lg" px="md" py="sm" component="article" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={650} size="sm" c={reply.title.trim() ? undefined : 'dimmed'} truncate>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {cutPreview(reply.text)}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={`Edit ${title}`}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Delete ${title}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Templates > Quick Replies (spec part 2 §2): texts ready to drop into a conversation. */
export function QuickRepliesScreen() {
  return <TemplatesQuery>{(data) => <QuickReplies data={data} />}</TemplatesQuery>;
}

function QuickReplies({ data }: { data: TemplatesData }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toRemove, setToRemove] = useState<QuickReplyDto | null>(null);
  const remove = useRemoveReply();
  const replies = data.quickReplies;
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ reply: null })}>
      Add quick reply
    </Button>
  );
  return (
    <Stack gap="lg">
      <TabHeader
        description="Answers you send often. In a contact's SMS tab, Quick replies puts one in the message box for you to send."
        action={replies.length > 0 ? addButton : undefined}
      />
      {replies.length === 0 ? (
        <EmptyState
          icon={<IconMessageBolt size={24} />}
          title={messages.templates.noQuickReplies}
          description="Save the answers you type again and again, and insert them with one click."
          action={addButton}
        />
      ) : (
        <Stack gap="sm">
          {replies.map((reply) => (
            <ReplyRow
              key={reply._id}
              reply={reply}
              onEdit={() => setEditing({ reply })}
              onRemove={() => setToRemove(reply)}
            />
          ))}
        </Stack>
      )}
      {editing && <QuickReplyModal reply={editing.reply} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={toRemove !== null}
        title="Delete quick reply"
        confirmLabel="Delete"
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate(toRemove._id, { onSuccess: () => setToRemove(null) })}
      >
        Delete <b>{toRemove ? replyTitle(toRemove) : ''}</b> for good?
      </ConfirmModal>
    </Stack>
  );
}
