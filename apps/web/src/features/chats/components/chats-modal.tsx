import { useState } from 'react';
import { Center, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { messages } from '@prospector/core';
import { useChats } from '../api/get-chats';
import { ChatRow } from './chat-row';
import { SupportInbox } from './support-inbox';

type ChatsModalProps = {
  opened: boolean;
  isStaff: boolean;
  timeZone?: string | null;
  onClose: () => void;
  onOpenChat: (chatId: string) => void;
};

/** The first modal (spec part 1 §2.6): the reader's chats; the staff also have the support inbox. */
export function ChatsModal({ opened, isStaff, timeZone, onClose, onOpenChat }: ChatsModalProps) {
  const chats = useChats();
  const [tab, setTab] = useState<'team' | 'support'>('team');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.chats.title}
      size="md"
      zIndex={300}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="sm">
        {isStaff && (
          <SegmentedControl
            fullWidth
            value={tab}
            onChange={(v) => setTab(v as 'team' | 'support')}
            data={[
              { value: 'team', label: 'Team chats' },
              { value: 'support', label: messages.chats.supportInbox },
            ]}
          />
        )}
        {tab === 'support' && isStaff ? (
          <SupportInbox timeZone={timeZone} onOpen={onOpenChat} />
        ) : chats.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading chats" />
          </Center>
        ) : chats.data?.chats.length ? (
          <Stack gap={4}>
            {chats.data.chats.map((c) => (
              <ChatRow key={c._id} chat={c} timeZone={timeZone} onOpen={onOpenChat} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {messages.chats.empty}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
