import { Stack, Text } from '@mantine/core';
import { IconMessageBolt } from '@tabler/icons-react';
import { cutPreview, messages, type QuickReplyDto } from '@prospector/core';
import type { TemplatesData } from '../api/get-templates';
import { useRemoveReply } from '../api/remove-reply';
import { QuickReplyModal } from './quick-reply-modal';
import { TemplateItemRow, TemplateItemsScreen } from './template-items-screen';
import { TemplatesQuery } from './templates-query';
import { replyTitle } from '../utils/reply-title';

type ReplyRowProps = { reply: QuickReplyDto; onEdit: () => void; onRemove: () => void };

function ReplyRow({ reply, onEdit, onRemove }: ReplyRowProps) {
  const title = replyTitle(reply);
  return (
    <TemplateItemRow name={title} removeVerb="Delete" compact onEdit={onEdit} onRemove={onRemove}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={650} size="sm" c={reply.title.trim() ? undefined : 'dimmed'} truncate>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {cutPreview(reply.text)}
        </Text>
      </Stack>
    </TemplateItemRow>
  );
}

/** Templates > Quick Replies (spec part 2 §2): texts ready to drop into a conversation. */
export function QuickRepliesScreen() {
  return <TemplatesQuery>{(data) => <QuickReplies data={data} />}</TemplatesQuery>;
}

function QuickReplies({ data }: { data: TemplatesData }) {
  const remove = useRemoveReply();
  return (
    <TemplateItemsScreen
      items={data.quickReplies}
      description="Answers you send often. In a contact's SMS tab, Quick replies puts one in the message box for you to send."
      empty={{
        icon: <IconMessageBolt size={24} />,
        title: messages.templates.noQuickReplies,
        description: 'Save the answers you type again and again, and insert them with one click.',
      }}
      addLabel="Add quick reply"
      row={(reply, actions) => <ReplyRow reply={reply} {...actions} />}
      modal={(reply, onClose) => <QuickReplyModal reply={reply} onClose={onClose} />}
      remove={remove}
      confirm={{
        title: 'Delete quick reply',
        confirmLabel: 'Delete',
        question: (reply) => (
          <>
            Delete <b>{reply ? replyTitle(reply) : ''}</b> for good?
          </>
        ),
      }}
    />
  );
}
