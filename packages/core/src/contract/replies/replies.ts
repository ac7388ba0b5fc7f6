import { z } from 'zod';
import { REPLY_LABELS } from '../../rules/replies.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

const id = z.uuid();
export const replyLabel = z.enum(REPLY_LABELS);

/** A received text's label (issue 31): `source` 'rule', 'model', or 'member' once a member corrected it. */
export const replyLabelDto = z.object({
  messageId: text(),
  itemId: text(),
  label: replyLabel,
  confidence: z.number(),
  needsLook: z.boolean(),
  source: z.enum(['rule', 'model', 'member']),
  /**
   * The automatic actions the reply got (issue 31, item 4): the system message that shows them in the
   * thread (which carries Undo), and whether a member undid them; null when it got none.
   */
  action: z.object({ systemMessageId: text().nullable(), undone: z.boolean() }).nullable(),
});
export type ReplyLabelDto = z.infer<typeof replyLabelDto>;

/** The labels of a record's received texts (the thread's chips). */
export const listReplyLabels = defineEndpoint({
  method: 'GET',
  path: '/api/replies/labels',
  auth: true,
  query: z.object({ itemId: id }),
  response: z.object({ labels: z.array(replyLabelDto) }),
});

/**
 * A member changes a received text's label (one click in the thread or the Messenger). The team's model
 * learns it: the next similar reply of this team takes it; no other team's model changes.
 */
export const correctReplyLabel = defineEndpoint({
  method: 'PATCH',
  path: '/api/replies/label',
  auth: true,
  body: z.object({ messageId: id, label: replyLabel }),
  response: z.object({ label: replyLabelDto }),
});

/** The Messenger's label filters: records whose latest labelled reply has each label, and those needing a look. */
export const getReplyCounts = defineEndpoint({
  method: 'GET',
  path: '/api/replies/counts',
  auth: true,
  response: z.object({
    counts: z.record(replyLabel, z.number().int()),
    needsLook: z.number().int(),
  }),
});

/**
 * For admins: how the team's model does on its newest corrections (up to 50) when it learned only the
 * older ones, beside the base model on the same replies; null before any correction.
 */
export const getReplyModelAccuracy = defineEndpoint({
  method: 'GET',
  path: '/api/replies/accuracy',
  auth: true,
  response: z.object({
    corrections: z.number().int(),
    measuredOn: z.number().int(),
    teamModel: z.number().nullable(),
    baseModel: z.number().nullable(),
  }),
});

/** The background pass's progress for the caller's team: received texts, and how many carry a label. */
export const getReplyBacklog = defineEndpoint({
  method: 'GET',
  path: '/api/replies/backlog',
  auth: true,
  response: z.object({ received: z.number().int(), labelled: z.number().int() }),
});

/**
 * The board cards' temperature (hot, warm, cold, dead) from each record's latest labelled reply
 * (`replyTemperature`); records with no labelled reply, or that the caller may not open, are left out.
 */
export const getReplyTemperatures = defineEndpoint({
  method: 'POST',
  path: '/api/replies/temperatures',
  auth: true,
  body: z.object({ itemIds: z.array(id).max(500) }),
  response: z.object({
    temperatures: z.record(text(), z.enum(['hot', 'warm', 'cold', 'dead'])),
  }),
});

const onOff = z.boolean();
const statusChoice = id.nullable();

/** A team's reply actions per label (core's `ReplyActionSettings`). */
export const replyActionSettings = z.object({
  wrong_number: z.object({ on: onOff }),
  not_owner: z.object({ on: onOff, statusId: statusChoice, stopFollowUps: z.boolean() }),
  not_interested: z.object({ on: onOff, statusId: statusChoice, stopFollowUps: z.boolean() }),
  interested: z.object({ on: onOff, statusId: statusChoice, notify: z.boolean() }),
  callback: z.object({ on: onOff }),
  later: z.object({ on: onOff, months: z.number().int().min(1).max(24) }),
});

/** The team's reply actions (its choices over the defaults); any member may read them. */
export const getReplyActionSettings = defineEndpoint({
  method: 'GET',
  path: '/api/replies/actions',
  auth: true,
  response: z.object({ settings: replyActionSettings }),
});

/** An admin changes what Prospector does with each label; a status must be one of the team's. */
export const saveReplyActionSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/replies/actions',
  auth: true,
  body: replyActionSettings,
  response: z.object({ settings: replyActionSettings }),
});

/**
 * Undo of the automatic actions a reply got (the system message's Undo): the number's status, the
 * record's status, the tasks closed or added are put back; a notification already sent stays.
 */
export const undoReplyActions = defineEndpoint({
  method: 'POST',
  path: '/api/replies/undo',
  auth: true,
  body: z.object({ messageId: id }),
  response: z.object({ label: replyLabelDto }),
});
