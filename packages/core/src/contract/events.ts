import { z } from 'zod';
import { DATA_ACCESS, PERMISSION_KEYS } from '../constants.js';
import { diallerMemberDto, diallerStateDto } from './calls/calls.js';
import { bulkJobDto } from './bulk/bulk.js';
import { chatMessageDto } from './chats/dto.js';
import { currentUser } from './common.js';
import { listDto } from './lists/dto.js';
import { listMetrics, skiptraceRunDto } from './skiptrace/skiptrace.js';
import { messageDto, notificationDto } from './records/dto.js';
import { replyLabelDto } from './replies/replies.js';
import { text } from './text.js';

/**
 * Socket.IO events of the default namespace. Server → client events are emitted to rooms
 * `team:<id>`, `user:<id>` and `session:<id>`. docs/realtime-events.md lists them.
 */
export const serverEvents = {
  /** First event after a successful handshake. */
  init: z.object({ user: currentUser }),
  /** A team member's socket count went from 0 to 1 (online) or from 1 to 0 (offline). */
  memberPresence: z.object({ userId: text(), online: z.boolean() }),
  /** A new notification for this user (room user:<id>), with the user's new unread count. */
  notification: z.object({ notification: notificationDto, unread: z.number().int() }),
  /** A record's board-visible state changed (status, assignment, tasks, unread): refetch it. */
  itemChanged: z.object({ itemId: text(), status: text().nullable() }),
  /** An import moved on (team room): rows processed of the file's rows, and percent. */
  listProgress: z.object({
    listId: text(),
    rowsDone: z.number().int(),
    totalRows: z.number().int(),
    progress: z.number().int(),
  }),
  /** An import finished (or failed: state 'failed' with its error). */
  listImported: z.object({ listId: text(), list: listDto }),
  /**
   * A skip trace moved on (team room): a list-wide run's progress (`run`), or a property's trace
   * (`run` null); `metrics` are the list's figures after it. Refetch the list's properties.
   */
  skiptraceProgress: z.object({ listId: text(), run: skiptraceRunDto.nullable(), metrics: listMetrics }),
  /**
   * A bulk job moved on (room user:<id> of the member who started it): after each chunk, at its end
   * (with its result) and when its delete was undone.
   */
  bulkProgress: z.object({ job: bulkJobDto }),
  /** A message joined a record's thread (an SMS sent or received, a comment from elsewhere). */
  messageAdded: z.object({ itemId: text(), message: messageDto }),
  /** A received text was labelled, or a member corrected its label (issue 31): update its chip. */
  replyLabelled: z.object({ itemId: text(), label: replyLabelDto }),
  /** A text's delivery state moved on: queued → sent → delivered, or failed. */
  messageStatus: z.object({ itemId: text(), messageId: text(), status: text() }),
  /** A record's texts changed (one came in, went out, or was read): refetch the Messenger and its badge. */
  inboxChanged: z.object({ itemId: text() }),
  /** A device connected, disconnected or was added or removed: refetch the devices. */
  devicesChanged: z.object({}),
  /** Templates, groups, subtemplates or quick replies changed: refetch them. */
  templatesChanged: z.object({}),
  /** An entity's sections or fields changed (Settings > Data Fields): refetch them and open records. */
  sectionsChanged: z.object({ type: z.enum(['contact', 'property', 'company']) }),
  /** A campaign was launched, paused, resumed, finished, removed, or sent texts: refetch its figures. */
  campaignChanged: z.object({ campaignId: text() }),
  /** A member's details, permissions or data access changed (team room): refetch the team. */
  editMember: z.object({
    _id: text(),
    name: text(),
    email: text(),
    phone: text().nullable(),
    permissions: z.array(z.enum(PERMISSION_KEYS)),
    dataAccess: z.enum(DATA_ACCESS),
    /** The member's avatar URL (it changes with POST /api/users/changeAvatar). */
    avatar: text().nullable(),
  }),
  /** A member joined or left the team (team room): refetch the team's members. */
  membersChanged: z.object({ userId: text(), change: z.enum(['added', 'removed']) }),
  /** The company's name or avatar changed (team room): patch the current user's team. */
  teamProfileChanged: z.object({ name: text(), avatar: text().nullable() }),
  /**
   * Our staff suspended the team or lifted its suspension (team room, issue 30 item 5): every open
   * screen shows or drops the banner at once; null when lifted.
   */
  teamSuspension: z.object({ suspension: z.object({ reason: text(), since: text() }).nullable() }),
  /** The team's credits changed by a staff grant or refund (team room, issue 30 item 8): the new balance, in dollars. */
  creditsChanged: z.object({ credits: z.number() }),
  /** A member joined, left, started, paused or took a call in the dialler (team room): the active members list. */
  diallerMember: diallerMemberDto,
  /** The caller's own dialler moved on (user room): a line rang, was answered, reached a machine or ended. */
  callUpdate: z.object({ state: diallerStateDto }),
  /** The caller's call queue changed (user room): refetch it. */
  queueChanged: z.object({}),
  /**
   * A message in a chat (rooms user:<id> of the chat's members, and the staff room for support chats).
   * `seq` is the chat's own sequence: a client keeps the newest it saw per chat and asks
   * POST /api/chats/missed for the rest after a reconnect, so none is lost or shown twice.
   */
  chatMessage: z.object({ chatId: text(), message: chatMessageDto }),
  /** The reader read a chat up to `lastReadSeq` (user room): the reader's other tabs clear its badge. */
  chatRead: z.object({ chatId: text(), lastReadSeq: z.number().int(), notifCount: z.number().int() }),
  /** The session behind this socket was revoked (logout); the client drops its token. */
  sessionRevoked: z.object({ reason: z.enum(['logout', 'revoked', 'removed']) }),
} as const;

export const clientEvents = {} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};
/** What the server answers a client event with (Socket.IO acknowledgement). */
export type DiallerAck =
  { ok: true; state: z.infer<typeof diallerStateDto> } | { ok: false; message: string };

/** Client → server events: the dialler's (calls/calls.ts diallerClientEvents), each acknowledged. */
export type ClientToServerEvents = {
  joinDialler: (payload: unknown, ack: (answer: DiallerAck) => void) => void;
  editMember: (payload: unknown, ack: (answer: DiallerAck) => void) => void;
};

/** Handshake: `io(url, { auth: { token } })`. A refused handshake carries this message. */
export const SOCKET_UNAUTHORIZED = 'unauthorized';
