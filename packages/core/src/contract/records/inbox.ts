import { z } from 'zod';
import { REPLY_LABELS } from '../../rules/replies.js';
import { defineEndpoint } from '../endpoint.js';
import { itemType } from './dto.js';
import { text } from '../text.js';
import { replyLabelDto } from '../replies/replies.js';

export const INBOX_PAGE_SIZE = 30;
/** The spec's four tabs, and "Needs a look" (issue 31): the latest reply's label is unsure and unconfirmed. */
export const inboxType = z.enum(['unread', 'sent', 'received', 'all', 'needs_look']);
export type InboxType = z.infer<typeof inboxType>;
/** The status chip for records without a status. */
export const NO_STATUS = 'none';

export const inboxRow = z.object({
  _id: text(),
  type: itemType,
  title: text(),
  /** The primary phone or e-mail. */
  subtitle: text(),
  status: text().nullable(),
  /** Only a record with a primary phone or e-mail can have a status. */
  hasPrimary: z.boolean(),
  /** The number the last text went to or came from, and its state ('', 'DNC', 'Wrong #'). */
  phone: text().nullable(),
  phoneStatus: z.enum(['', 'DNC', 'Wrong #']).nullable(),
  lastMessage: z.object({ body: text(), direction: z.enum(['in', 'out']), createdAt: text() }),
  /** Texts received and not yet read by anyone on the team. */
  unread: z.number().int(),
  /** The viewer's unread notifications about the record. */
  notifCount: z.number().int(),
  /** The label of the record's latest labelled reply (issue 31), which a member may correct; null: none. */
  replyLabel: replyLabelDto
    .pick({ messageId: true, label: true, confidence: true, needsLook: true, source: true })
    .nullable(),
});
export type InboxRow = z.infer<typeof inboxRow>;

/** The Messenger's filters and page (also a bulk action's "all that match" selection, without skip). */
export const inboxQuery = z.object({
  inboxType: inboxType.default('all'),
  selectedStatuses: z.array(text().max(60)).max(60).default([]),
  onlyMine: z.boolean().default(false),
  skip: z.number().int().min(0).max(1_000_000).default(0),
  /** Names, phones, e-mails, addresses; ignored under 3 characters. */
  search: text().trim().max(100).optional(),
  /** Records whose latest labelled reply has this label (issue 31). */
  replyLabel: z.enum(REPLY_LABELS).optional(),
});

/**
 * The Messenger (part 1 §2.5): records with texts, latest first, 30 a page. Unread: texts nobody has
 * read; Sent / Received: by the last text's direction; Needs a look: the latest labelled reply's label
 * is below `NEEDS_A_LOOK_BELOW` and no member has corrected or confirmed it (issue 31). Status chips are status ids, or 'none'.
 * Admins and members with the messenger permission only.
 */
export const getInbox = defineEndpoint({
  method: 'POST',
  path: '/api/items/get',
  auth: true,
  body: inboxQuery,
  response: z.object({
    items: z.array(inboxRow),
    unread: z.number().int(),
    /** The "Needs a look" tab's count, for the same owner choice (and access) as the list. */
    needsLook: z.number().int(),
  }),
});
