import type { ChatDto } from '@prospector/core';
import { chatDtos, postSystemLine, type ChatsDeps } from './chat-core.js';
import { nameOf } from './chats.mappers.js';
import * as q from './chats.queries.js';

/** The chats follow the team's members: made whole when one joins, their direct chats gone when one leaves. */
export function createChatMembers(deps: Pick<ChatsDeps, 'db' | 'clock' | 'realtime'>) {
  const { db } = deps;
  async function roomOf(teamId: string) {
    const { room } = await q.teamChatIds(db, teamId);
    return room ? q.findChat(db, room) : null;
  }

  return {
    /**
     * A member was added: the team's chats are made whole (the room, a direct chat with each teammate),
     * the room hears they joined, and their chats are answered (spec part 2 §7 addMember's `chats`).
     */
    async memberAdded(teamId: string, userId: string): Promise<ChatDto[]> {
      await q.syncTeamChats(db, teamId);
      const user = await q.findUser(db, userId);
      const room = await roomOf(teamId);
      if (user && room) await postSystemLine(deps, room, 'joined', nameOf(user));
      if (!user) return [];
      return chatDtos(db, userId, await q.listUserChats(db, userId));
    },

    /** The member's name, read before they are removed (their row goes with them). */
    async nameOf(userId: string) {
      const user = await q.findUser(db, userId);
      return user ? nameOf(user) : null;
    },

    /** A member was removed: their direct chats go, and the room hears they left. */
    async memberRemoved(teamId: string, userId: string, name: string) {
      await q.deleteDirectChatsOf(db, teamId, userId);
      const room = await roomOf(teamId);
      if (room) await postSystemLine(deps, room, 'left', name);
    },
  };
}
