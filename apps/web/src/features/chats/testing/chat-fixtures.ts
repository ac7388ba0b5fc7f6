import type { ChatDto, ChatMessageDto } from '@prospector/core';

export const BOB_CHAT = '11111111-1111-4111-8111-111111111111';

/** Ann's direct chat with Bob: two messages, both unread. */
export function buildChat(overrides: Partial<ChatDto> = {}): ChatDto {
  return {
    _id: BOB_CHAT,
    team: 'team-1',
    kind: 'direct',
    support: false,
    title: 'Bob Baker',
    avatar: null,
    users: [
      { userId: 'user-1', notifCount: 0 },
      { userId: 'user-2', notifCount: 0 },
    ],
    notifCount: 2,
    lastSeq: 2,
    lastReadSeq: 0,
    updatedAt: '2026-11-20T15:00:00.000Z',
    lastMessage: { body: 'Can you call the Pike St owner?', createdAt: '2026-11-20T15:00:00.000Z' },
    ...overrides,
  };
}

export function buildChatMessage(overrides: Partial<ChatMessageDto> = {}): ChatMessageDto {
  return {
    _id: `m-${overrides.seq ?? 1}`,
    chatId: BOB_CHAT,
    seq: 1,
    sender: { _id: 'user-2', name: 'Bob Baker', avatar: null },
    fromSupport: false,
    body: 'Hello Ann',
    file: null,
    system: null,
    records: [],
    createdAt: '2026-11-20T14:59:00.000Z',
    ...overrides,
  };
}
