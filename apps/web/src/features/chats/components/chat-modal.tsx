import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { messages } from '@prospector/core';
import { useChatHistory } from '../api/get-chat';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useChatsStore } from '../hooks/chats-store';
import { ChatComposer } from './chat-composer';
import { ChatMessage } from './chat-message';
import { ImageModal } from './image-modal';

type ChatModalProps = {
  chatId: string | null;
  me: string;
  isStaff: boolean;
  members: readonly { _id: string; name: string }[];
  timeZone?: string | null;
  onClose: () => void;
  onOpenItem: (id: string) => void;
};

/** The second modal (spec part 1 §2.6): one chat, its history paged backwards, and the input. */
export function ChatModal({ chatId, me, isStaff, members, timeZone, onClose, onOpenItem }: ChatModalProps) {
  const history = useChatHistory(chatId);
  const markRead = useMarkChatRead();
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const pages = history.data?.pages ?? [];
  const chat = pages[0]?.chat;
  const shown = [...pages].reverse().flatMap((p) => p.messages);
  const newest = shown.at(-1)?.seq ?? 0;
  const stickToBottom = useRef(true);

  useEffect(() => {
    useChatsStore.setState({ openChatId: chatId });
    return () => useChatsStore.setState({ openChatId: null });
  }, [chatId]);

  // Opening a chat, and each message that arrives while it is open, marks it read.
  const { mutate } = markRead;
  useEffect(() => {
    if (chatId && chat && newest > chat.lastReadSeq) mutate({ chatId, seq: newest });
  }, [chatId, chat, newest, mutate]);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [newest, chatId, pages.length]);

  const own = (m: (typeof shown)[number]) =>
    isStaff && chat?.support ? m.fromSupport : m.sender?._id === me && !m.fromSupport;

  return (
    <>
      <Modal
        opened={chatId !== null}
        onClose={onClose}
        title={chat?.title ?? messages.chats.title}
        size="lg"
        centered
        zIndex={310}
        styles={{ title: { fontWeight: 700 }, body: { paddingBottom: 12 } }}
      >
        <ScrollArea
          h="min(60vh, 560px)"
          viewportRef={viewport}
          onScrollPositionChange={({ y }) => {
            const el = viewport.current;
            stickToBottom.current = !el || el.scrollHeight - y - el.clientHeight < 80;
          }}
          offsetScrollbars
        >
          <Stack gap="sm" pr={4} pb={8} aria-label="Messages">
            {history.hasNextPage && (
              <Center>
                <Button
                  variant="subtle"
                  size="xs"
                  loading={history.isFetchingNextPage}
                  onClick={() => {
                    stickToBottom.current = false;
                    void history.fetchNextPage();
                  }}
                >
                  Load older messages
                </Button>
              </Center>
            )}
            {history.isPending ? (
              <Center py="xl">
                <Loader size="sm" aria-label="Loading messages" />
              </Center>
            ) : shown.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                {messages.chats.noMessages}
              </Text>
            ) : (
              shown.map((m) => (
                <ChatMessage
                  key={m._id}
                  message={m}
                  own={own(m)}
                  timeZone={timeZone}
                  onEnlarge={setEnlarged}
                  onOpenItem={(id) => {
                    onClose();
                    onOpenItem(id);
                  }}
                />
              ))
            )}
          </Stack>
        </ScrollArea>
        {chatId && (
          <ChatComposer
            key={chatId}
            chatId={chatId}
            members={members.filter(
              (m) => m._id !== me && (chat?.users.some((u) => u.userId === m._id) ?? false),
            )}
          />
        )}
      </Modal>
      <ImageModal url={enlarged} onClose={() => setEnlarged(null)} />
    </>
  );
}
