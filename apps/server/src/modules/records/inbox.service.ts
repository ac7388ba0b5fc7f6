import {
  homeCountry,
  can,
  INBOX_PAGE_SIZE,
  NO_STATUS,
  normalizePhone,
  SEARCH_MIN_CHARS,
  type InboxRow,
  type InboxType,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import * as iq from './inbox.queries.js';
import { seesAllData } from './records.access.js';
import { titleOf } from './records.mappers.js';

export type InboxService = ReturnType<typeof createInboxService>;

export type InboxFilterInput = {
  inboxType: InboxType;
  selectedStatuses: string[];
  onlyMine: boolean;
  search?: string | undefined;
  replyLabel?: string | undefined;
};

/**
 * The Messenger's filter as the caller may apply it: a member who may not see all data always gets
 * their own records. The list and the bulk job's "all that match" read the same one.
 */
export function inboxFilter(
  auth: AuthContext,
  input: InboxFilterInput,
): Omit<iq.InboxFilter, 'skip' | 'limit'> {
  const memberId = input.onlyMine || !seesAllData(auth) ? auth.userId : null;
  const text = input.search?.trim() ?? '';
  const uuid = /^[0-9a-f-]{36}$/i;
  return {
    teamId: auth.teamId,
    viewerId: auth.userId,
    memberId,
    type: input.inboxType,
    statusIds: input.selectedStatuses.filter((s) => uuid.test(s)),
    noStatus: input.selectedStatuses.includes(NO_STATUS),
    search:
      text.length >= SEARCH_MIN_CHARS
        ? {
            like: `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
            phone: normalizePhone(text, homeCountry(auth.user.team.country)),
          }
        : null,
    replyLabel: input.replyLabel ?? null,
  };
}

/** The Messenger's list: records with texts, filtered by tab, status chips, owner and search. */
export function createInboxService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async page(
      auth: AuthContext,
      input: {
        inboxType: InboxType;
        selectedStatuses: string[];
        onlyMine: boolean;
        skip: number;
        search?: string;
        replyLabel?: string | undefined;
      },
    ): Promise<Result<{ items: InboxRow[]; unread: number; needsLook: number }, 'PERMISSION_REQUIRED'>> {
      if (!can(auth.user, 'messenger')) return fail('PERMISSION_REQUIRED');
      const filter: iq.InboxFilter = {
        ...inboxFilter(auth, input),
        skip: input.skip,
        limit: INBOX_PAGE_SIZE,
      };
      const { memberId } = filter;
      const [rows, unread, needsLook] = await Promise.all([
        iq.inboxPage(db, filter),
        iq.unreadCount(db, auth.teamId, memberId),
        iq.needsLookCount(db, auth.teamId, memberId),
      ]);
      return ok({
        unread,
        needsLook,
        items: rows.map((r) => ({
          _id: r.id,
          type: r.type,
          title: titleOf(r, r.primaryValue),
          subtitle: r.primaryValue ?? '',
          status: r.status,
          hasPrimary: r.primaryValue !== null,
          phone: r.lastMessage.leadIdt,
          phoneStatus: r.leadStatus,
          lastMessage: {
            body: r.lastMessage.body,
            direction: r.lastMessage.direction ?? 'out',
            createdAt: r.lastMessage.createdAt,
          },
          unread: r.unreadSms,
          notifCount: Number(r.notif),
          replyLabel: r.replyLabel,
        })),
      });
    },
  };
}
