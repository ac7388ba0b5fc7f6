export const chatsKeys = {
  all: ['chats'] as const,
  list: () => [...chatsKeys.all, 'list'] as const,
  history: (chatId: string) => [...chatsKeys.all, 'history', chatId] as const,
  support: () => [...chatsKeys.all, 'support'] as const,
  cards: (ids: readonly string[]) => [...chatsKeys.all, 'cards', ...ids] as const,
  image: (url: string) => [...chatsKeys.all, 'image', url] as const,
};
