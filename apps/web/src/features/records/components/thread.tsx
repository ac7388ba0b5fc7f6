import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Center, Stack, Tabs, Text } from '@mantine/core';
import { IconMail, IconMessage, IconMessageCircle } from '@tabler/icons-react';
import { recordTitle, messages, type MemberDto, type MessageDto } from '@prospector/core';
import { notifyInfo } from '../../../lib/notify';
import { useDeschedule } from '../api/deschedule';
import type { RecordData } from '../api/get-item';
import { CommentComposer } from './comment-composer';
import { MessageItem } from './message-item';
import { SmsComposer, type SmsSender, type SmsToolsSlot } from './sms-composer';

type ThreadTab = 'comment' | 'sms';

type ThreadProps = {
  record: RecordData;
  members: readonly MemberDto[];
  viewerId: string;
  timeZone: string | null;
  /** The team's devices texts can go out from. */
  senders: readonly SmsSender[];
  /** Controls beside Send in the SMS box (quick replies). */
  smsTools?: SmsToolsSlot;
  /** The viewer may send texts (admin, or the `sms` permission): otherwise there is no SMS tab. */
  canText: boolean;
  /** Why texts written now will not go out (the team is suspended); null when they will. */
  smsNotice?: string | null;
  /** What shows under a message's bubble (a received text's label chip). */
  messageExtra?: ((message: MessageDto) => ReactNode) | undefined;
};

/**
 * The right side of the record (spec part 1 §2.4): the thread, oldest first, and the way to answer:
 * Comment on every record, SMS on contacts; Email is only announced.
 */
export function Thread({
  record,
  members,
  viewerId,
  timeZone,
  senders,
  smsTools,
  canText,
  smsNotice = null,
  messageExtra,
}: ThreadProps) {
  const { item } = record;
  const [tab, setTab] = useState<ThreadTab>('comment');
  const cancel = useDeschedule(item._id);
  const endRef = useRef<HTMLDivElement>(null);
  const count = record.messages.length;
  const contactName = item.type === 'contact' ? recordTitle(item) : null;
  const viewer = members.find((m) => m._id === viewerId);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  function switchTab(value: string | null) {
    if (value === 'email') notifyInfo(messages.shell.comingSoon);
    else if (value === 'comment' || value === 'sms') setTab(value);
  }

  return (
    <Stack gap={0} h="100%" mih={0}>
      <Box style={{ flex: 1, overflowY: 'auto' }} px="md" py="md" aria-label="Thread" role="log">
        {count === 0 ? (
          <Center h="100%">
            <Text size="sm" c="dimmed">
              No messages yet.
            </Text>
          </Center>
        ) : (
          <Stack gap="sm">
            {record.messages.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                timeZone={timeZone}
                contactName={contactName}
                onCancelScheduled={(id) => cancel.mutate(id)}
                cancelling={cancel.isPending && cancel.variables === message._id}
                extra={messageExtra?.(message)}
              />
            ))}
            <div ref={endRef} />
          </Stack>
        )}
      </Box>
      <Box px="md" pb="md" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Tabs value={tab} onChange={switchTab} variant="pills" radius="xl" mb="xs">
          <Tabs.List>
            <Tabs.Tab value="comment" leftSection={<IconMessageCircle size={14} />}>
              Comment
            </Tabs.Tab>
            {item.type === 'contact' && canText && (
              <Tabs.Tab value="sms" leftSection={<IconMessage size={14} />}>
                SMS
              </Tabs.Tab>
            )}
            <Tabs.Tab value="email" leftSection={<IconMail size={14} />}>
              Email
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {tab === 'comment' || !canText ? (
          <CommentComposer itemId={item._id} itemType={item.type} members={members} />
        ) : (
          <SmsComposer
            notice={smsNotice}
            item={item}
            senders={senders}
            tools={smsTools}
            viewer={viewer ? { _id: viewer._id, name: viewer.name, avatar: viewer.avatar } : null}
          />
        )}
      </Box>
    </Stack>
  );
}
