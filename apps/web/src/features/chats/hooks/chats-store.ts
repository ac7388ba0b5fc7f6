import { create } from 'zustand';
import { registerStoreReset } from '../../../lib/store-registry';

/** Who reads (their own messages are read) and which chat is open (its messages are read as they come). */
type ChatsState = { me: string | null; openChatId: string | null };

export const useChatsStore = create<ChatsState>(() => ({ me: null, openChatId: null }));

registerStoreReset(() => useChatsStore.setState({ me: null, openChatId: null }));
