import { Badge, Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { useReplyLabels } from '../api/list-reply-labels';
import { useUndoReplyActions } from '../api/reply-actions';

/**
 * Under the system message that tells a reply's automatic actions (issue 31, item 4): Undo, which puts
 * back what they changed; "Undone" once a member did. Nothing under any other system message.
 */
export function ReplyActionUndo({
  itemId,
  messageId,
  onUndone,
}: {
  itemId: string;
  messageId: string;
  onUndone?: () => void;
}) {
  const label = useReplyLabels(itemId).data?.find((l) => l.action?.systemMessageId === messageId);
  const undo = useUndoReplyActions(itemId, onUndone);
  if (!label?.action) return null;
  if (label.action.undone)
    return (
      <Badge size="sm" radius="sm" variant="light" color="gray" mt={4} style={{ textTransform: 'none' }}>
        {messages.replies.undone}
      </Badge>
    );
  return (
    <Button
      size="compact-xs"
      variant="light"
      mt={4}
      leftSection={<IconArrowBackUp size={12} />}
      loading={undo.isPending}
      onClick={() => undo.mutate(label.messageId)}
      aria-label={`${messages.replies.undo} the automatic actions`}
    >
      {messages.replies.undo}
    </Button>
  );
}
