import { useEffect, useState } from 'react';
import { IconMessageCircle } from '@tabler/icons-react';
import { UnreadIconButton } from '../../../components/unread-icon-button';
import { useChats } from '../api/get-chats';
import { useSupportInbox } from '../api/get-support-inbox';
import { useChatsStore } from '../hooks/chats-store';
import { useLiveChats } from '../hooks/use-live-chats';
import { ChatModal } from './chat-modal';
import { ChatsModal } from './chats-modal';

type ChatsButtonProps = {
  me: string;
  isStaff: boolean;
  /** The team's members, for @mentions. */
  members: readonly { _id: string; name: string }[];
  timeZone?: string | null;
  onOpenItem: (id: string) => void;
};

/**
 * The top bar's chat icon (spec part 1 §2.1): the unread count over every chat (and, for the staff,
 * every team's support chat), live; hidden for our internal team except the staff. It opens the Chats modal, which opens a chat.
 */
export function ChatsButton({ me, isStaff, members, timeZone, onOpenItem }: ChatsButtonProps) {
  useLiveChats();
  useEffect(() => useChatsStore.setState({ me }), [me]);
  const chats = useChats();
  // Staff read every team's support chat: its unread messages count on the icon too (issue 30 item 21).
  const inbox = useSupportInbox(isStaff);
  const [listOpen, setListOpen] = useState(false);
  const [openChat, setOpenChat] = useState<string | null>(null);
  if (!chats.data?.widget) return null;
  const own = new Set(chats.data.chats.map((c) => c._id));
  const unread =
    chats.data.chats.reduce((n, c) => n + c.notifCount, 0) +
    (inbox.data ?? []).reduce((n, c) => n + (own.has(c._id) ? 0 : c.notifCount), 0);
  return (
    <>
      <UnreadIconButton
        name="Chats"
        unread={unread}
        icon={<IconMessageCircle size={20} stroke={1.7} />}
        onClick={() => setListOpen(true)}
        testId="chats-badge"
      />
      <ChatsModal
        opened={listOpen}
        isStaff={isStaff}
        timeZone={timeZone}
        onClose={() => setListOpen(false)}
        onOpenChat={setOpenChat}
      />
      <ChatModal
        chatId={openChat}
        me={me}
        isStaff={isStaff}
        members={members}
        timeZone={timeZone}
        onClose={() => setOpenChat(null)}
        onOpenItem={(id) => {
          setListOpen(false);
          onOpenItem(id);
        }}
      />
    </>
  );
}
