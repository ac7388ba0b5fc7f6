import { formatCredits, sortSupportInbox, type SupportInboxRowDto } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { DomainError } from '../../lib/errors.js';
import type { ChatsDeps } from './chat-core.js';
import { toChatDto } from './chats.mappers.js';
import * as q from './chats.queries.js';

/** The staff's inbox: every team's support chat with messages, unread first (sorted by the caller). */
export function createSupportInbox(deps: Pick<ChatsDeps, 'db' | 'billing'>) {
  return async function supportInbox(auth: AuthContext): Promise<SupportInboxRowDto[]> {
    // Staff only, without the admin area's second factor: answering customers is staff's daily
    // work, not a power over a team (ADR 024).
    if (!auth.user.isStaff) throw new DomainError('STAFF_REQUIRED');
    const rows = await q.listSupportChats(deps.db, auth.userId);
    const members = await q.listMembersOf(
      deps.db,
      rows.map((r) => r.id),
    );
    const inbox = await Promise.all(
      rows.map(async (c) => ({
        ...toChatDto(c, members, { title: c.teamName, avatar: c.teamAvatar }),
        teamName: c.teamName,
        plan: (await deps.billing.planOf(c.teamId)).name,
        credits: formatCredits(await deps.billing.balance(c.teamId)),
      })),
    );
    return sortSupportInbox(inbox);
  };
}
