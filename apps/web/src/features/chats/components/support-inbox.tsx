import { Badge, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@prospector/core';
import { useSupportInbox } from '../api/get-support-inbox';
import { ChatRow } from './chat-row';

type SupportInboxProps = { timeZone?: string | null; onOpen: (chatId: string) => void };

/** The staff's inbox (spec part 1 §6): every team's support chat, unread first, with its plan and credits. */
export function SupportInbox({ timeZone, onOpen }: SupportInboxProps) {
  const inbox = useSupportInbox(true);
  if (inbox.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the support inbox" />
      </Center>
    );
  if (!inbox.data?.length)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        {messages.chats.supportInboxEmpty}
      </Text>
    );
  return (
    <Stack gap={4} aria-label={messages.chats.supportInbox}>
      {inbox.data.map((row) => (
        <ChatRow
          key={row._id}
          chat={row}
          timeZone={timeZone}
          onOpen={onOpen}
          aside={
            <Group gap={6}>
              <Badge size="xs" variant="light" color="grape">
                {row.plan}
              </Badge>
              <Badge size="xs" variant="light" color="gray">
                {row.credits} credits
              </Badge>
            </Group>
          }
        />
      ))}
    </Stack>
  );
}
