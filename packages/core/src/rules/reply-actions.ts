import { REPLY_LABEL_NAMES, type ReplyLabel } from './replies.js';

/**
 * What a team has Prospector do when a reply is labelled (issue 31, item 4), per label. A label not
 * named here (opt-out, question, other) does nothing more: the opt-out rule has already marked the
 * number DNC, and a question or anything else waits for a member.
 */
export type ReplyActionSettings = {
  /** Marks the number that answered Wrong #. */
  wrong_number: { on: boolean };
  /** Moves the record to a status the team picks (none: the status stays) and closes its open follow-up tasks. */
  not_owner: { on: boolean; statusId: string | null; stopFollowUps: boolean };
  not_interested: { on: boolean; statusId: string | null; stopFollowUps: boolean };
  /** Moves the record to a status (e.g. Hot) and notifies the members it is assigned to. */
  interested: { on: boolean; statusId: string | null; notify: boolean };
  /** A call-back task due at the time the reply names, else today. */
  callback: { on: boolean };
  /** A follow-up task at the date the reply names, else in `months` months. */
  later: { on: boolean; months: number };
};

export const ACTION_LABELS = [
  'wrong_number',
  'not_owner',
  'not_interested',
  'interested',
  'callback',
  'later',
] as const satisfies readonly ReplyLabel[];
export type ActionLabel = (typeof ACTION_LABELS)[number];

/** Months until the follow-up of a "later" reply that names no date. */
export const LATER_MONTHS_DEFAULT = 3;

type StatusLike = { id: string; text: string };

// The status a team most likely means, by its name; the team changes it in Settings.
const pick = (statuses: readonly StatusLike[], names: readonly RegExp[]) => {
  for (const name of names) {
    const found = statuses.find((s) => name.test(s.text));
    if (found) return found.id;
  }
  return null;
};

/**
 * A team's actions before it changes any: every action on; not owner and not interested to a status
 * named like "Not owner" / "Not interested" / "Dead" when the team has one (else the status stays),
 * interested to one named like "Hot" / "Interested" / "Warm".
 */
export function defaultReplyActions(statuses: readonly StatusLike[]): ReplyActionSettings {
  const dead = [/\bdead\b/i, /\blost\b/i, /\bcold\b/i];
  return {
    wrong_number: { on: true },
    not_owner: {
      on: true,
      statusId: pick(statuses, [/not\s*(the\s*)?owner/i, ...dead]),
      stopFollowUps: true,
    },
    not_interested: {
      on: true,
      statusId: pick(statuses, [/not\s*interested/i, ...dead]),
      stopFollowUps: true,
    },
    interested: {
      on: true,
      statusId: pick(statuses, [/\bhot\b/i, /^interested\b/i, /\bwarm\b/i, /\blead\b/i]),
      notify: true,
    },
    callback: { on: true },
    later: { on: true, months: LATER_MONTHS_DEFAULT },
  };
}

/**
 * A team's stored settings over the defaults; a status that no longer exists (deleted) counts as none.
 */
export function effectiveReplyActions(
  stored: Partial<ReplyActionSettings> | null | undefined,
  statuses: readonly StatusLike[],
): ReplyActionSettings {
  const defaults = defaultReplyActions(statuses);
  if (!stored) return defaults;
  const known = (id: string | null | undefined) => (id && statuses.some((s) => s.id === id) ? id : null);
  return {
    wrong_number: { ...defaults.wrong_number, ...stored.wrong_number },
    not_owner: {
      ...defaults.not_owner,
      ...stored.not_owner,
      statusId: stored.not_owner ? known(stored.not_owner.statusId) : defaults.not_owner.statusId,
    },
    not_interested: {
      ...defaults.not_interested,
      ...stored.not_interested,
      statusId: stored.not_interested
        ? known(stored.not_interested.statusId)
        : defaults.not_interested.statusId,
    },
    interested: {
      ...defaults.interested,
      ...stored.interested,
      statusId: stored.interested ? known(stored.interested.statusId) : defaults.interested.statusId,
    },
    callback: { ...defaults.callback, ...stored.callback },
    later: { ...defaults.later, ...stored.later },
  };
}

export type ReplyAction =
  | { kind: 'wrongNumber' }
  | { kind: 'status'; statusId: string }
  | { kind: 'stopFollowUps' }
  | { kind: 'notify' }
  | { kind: 'task'; text: string; due: Date; named: boolean };

/** Adds months in calendar terms (31 January + 1 month is the last day of February). */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * When a reply's task is due: the time the reply names when it is still ahead (`named`, read in the
 * contact's time zone by the caller); else, for a call-back, now (a task for today), and for "later",
 * `months` months from now.
 */
export function replyTaskDue(
  label: 'callback' | 'later',
  named: Date | null,
  now: Date,
  months = LATER_MONTHS_DEFAULT,
): { due: Date; named: boolean } {
  if (named && named.getTime() > now.getTime()) return { due: named, named: true };
  return { due: label === 'callback' ? now : addMonths(now, months), named: false };
}

/**
 * The automatic actions a labelled reply gets, by the team's settings. Nothing when the reply needs a
 * look (the model was unsure), when a member set the label, or when a rule decided it (the inbound
 * path has already marked the number DNC or Wrong #).
 */
export function planReplyActions(input: {
  label: ReplyLabel;
  needsLook: boolean;
  source: 'rule' | 'model' | 'member';
  settings: ReplyActionSettings;
  /** The time or date the reply names (callback, later), read in the contact's time zone. */
  named: Date | null;
  now: Date;
}): ReplyAction[] {
  const { label, settings, named, now } = input;
  if (input.needsLook || input.source !== 'model') return [];
  switch (label) {
    case 'wrong_number':
      return settings.wrong_number.on ? [{ kind: 'wrongNumber' }] : [];
    case 'not_owner':
    case 'not_interested': {
      const s = settings[label];
      if (!s.on) return [];
      const actions: ReplyAction[] = [];
      if (s.statusId) actions.push({ kind: 'status', statusId: s.statusId });
      if (s.stopFollowUps) actions.push({ kind: 'stopFollowUps' });
      return actions;
    }
    case 'interested': {
      const s = settings.interested;
      if (!s.on) return [];
      const actions: ReplyAction[] = [];
      if (s.statusId) actions.push({ kind: 'status', statusId: s.statusId });
      if (s.notify) actions.push({ kind: 'notify' });
      return actions;
    }
    case 'callback': {
      if (!settings.callback.on) return [];
      const { due, named: isNamed } = replyTaskDue('callback', named, now);
      return [{ kind: 'task', text: 'Call back', due, named: isNamed }];
    }
    case 'later': {
      if (!settings.later.on) return [];
      const { due, named: isNamed } = replyTaskDue('later', named, now, settings.later.months);
      return [{ kind: 'task', text: 'Follow up', due, named: isNamed }];
    }
    default:
      return [];
  }
}

/** What an applied action did, for the thread's system message. */
export type DoneAction =
  | { kind: 'wrongNumber'; phone: string }
  | { kind: 'status'; status: string }
  | { kind: 'stopFollowUps'; closed: number }
  | { kind: 'notify'; members: number }
  | { kind: 'task'; text: string; due: Date; named: boolean };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The system message that shows a reply's automatic actions in the thread, e.g. "Read as Interested:
 * status set to Hot; 2 assigned members notified." `when` formats a task's due time in the team's zone.
 */
export function replyActionsMessage(
  label: ReplyLabel,
  done: readonly DoneAction[],
  when: (due: Date) => string,
): string {
  const parts = done.map((a) => {
    switch (a.kind) {
      case 'wrongNumber':
        return `${a.phone} marked Wrong #`;
      case 'status':
        return `status set to ${a.status}`;
      case 'stopFollowUps':
        return a.closed
          ? `no more follow-ups (${plural(a.closed, 'open task', 'open tasks')} closed)`
          : 'no more follow-ups';
      case 'notify':
        return `${plural(a.members, 'assigned member', 'assigned members')} notified`;
      case 'task':
        return `task "${a.text}" due ${when(a.due)}${a.named ? ', the time the reply named' : ''}`;
    }
  });
  return `Read as ${REPLY_LABEL_NAMES[label]}: ${parts.join('; ')}.`;
}
