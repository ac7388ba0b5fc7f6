import { isOptOutReply, isWrongNumberReply, normalizeReply } from './sms.js';

/** What a received text asks of the team (issue 31), one per reply. */
export const REPLY_LABELS = [
  'opt_out',
  'wrong_number',
  'not_owner',
  'not_interested',
  'interested',
  'question',
  'callback',
  'later',
  'other',
] as const;
export type ReplyLabel = (typeof REPLY_LABELS)[number];

export const REPLY_LABEL_NAMES: Record<ReplyLabel, string> = {
  opt_out: 'Opt-out',
  wrong_number: 'Wrong number',
  not_owner: 'Not owner',
  not_interested: 'Not interested',
  interested: 'Interested',
  question: 'Question',
  callback: 'Call back',
  later: 'Later',
  other: 'Other',
};

export function isReplyLabel(value: unknown): value is ReplyLabel {
  return typeof value === 'string' && (REPLY_LABELS as readonly string[]).includes(value);
}

/** Below this confidence nothing automatic happens and the reply is marked "needs a look". */
export const NEEDS_A_LOOK_BELOW = 0.6;
/** A label the model suggests takes part in the precedence only from this probability on. */
const CANDIDATE_FROM = 0.3;

/**
 * The words a model reads in a reply: its normalised words (`normalizeReply`: case, accents, emoji and
 * punctuation gone), each pair of neighbouring words (so 'not interested' and 'stop by' differ from
 * 'interested' and 'stop'), and a mark when the reply asks something ('?' or '¿'), which normalising drops.
 */
export function replyFeatures(body: string): string[] {
  const words = normalizeReply(body).split(' ').filter(Boolean);
  const features = [...words];
  for (let i = 1; i < words.length; i++) features.push(`${words[i - 1]}_${words[i]}`);
  if (/[?¿]/u.test(body)) features.push('?');
  if (words.length === 0) features.push('(no words)');
  return features;
}

// "stop" used as a word, not as a request: "stop by", "bus stop", "don't stop", "stop the work".
const ORDINARY_STOP = new RegExp(
  [
    '(?:dont|do not|cant|cannot|wont|didnt|doesnt|never|not) stop',
    '(?:bus|next|last|first|truck|rest|pit|one|quick|short) stop',
    'stop (?:by|at|in|over|for|on|and look|and see)',
    'stop the (?!(?:texts|texting|messages|msgs|calls|calling|spam|harassment)(?: |$))\\S+',
  ]
    .map((p) => `(?:^| )${p}(?= |$)`)
    .join('|'),
  'gu',
);

/**
 * Whether every "stop" in a reply is the ordinary word ("stop by anytime", "the bus stop", "don't stop,
 * call me", "stop the work on the roof", or "Stop?" inside a question) and none a request. The opt-out
 * rule reads these as not opting out; the model, which learned "stop" mostly from requests, may not.
 */
export function onlyOrdinaryStops(body: string): boolean {
  let stops = 0;
  let ordinary = 0;
  for (const [, text = '', end = ''] of body.matchAll(/([^.!?;\n…]+)([.!?;\n…]*)/gu)) {
    const words = normalizeReply(text);
    const count = words.split(' ').filter((w) => w === 'stop').length;
    stops += count;
    ordinary += end.includes('?') ? count : (words.match(ORDINARY_STOP) ?? []).length;
  }
  return stops > 0 && ordinary >= stops;
}

export type LabelScore = { label: ReplyLabel; probability: number };
export type ReplyVerdict = {
  label: ReplyLabel;
  confidence: number;
  needsLook: boolean;
  /** 'rule' when the opt-out or wrong-number rule decided, else 'model'. */
  by: 'rule' | 'model';
};

// Where a reply says several things, the one whose action matters most wins (issue 31, item 1).
const TIER: Partial<Record<ReplyLabel, number>> = { wrong_number: 1, not_owner: 1 };

/**
 * Decides a reply's label from the model's probabilities, by these rules in order:
 * 1. The opt-out rule (`isOptOutReply`) is the legal floor: when it says opt-out, the label is `opt_out`,
 *    whatever the model says.
 * 2. The wrong-number rule (`isWrongNumberReply`) makes it `wrong_number`.
 * 3. When every "stop" in the reply is the ordinary word (`onlyOrdinaryStops`), the model's opt-out is
 *    set aside: the rule has read those words and found no request.
 * 4. Among the model's candidates (probability ≥ 0.3): `opt_out` first, then `wrong_number` and `not_owner`
 *    (the likelier of the two), then the likeliest of the rest, except that `callback` beats `interested`.
 * The confidence is the chosen label's probability; below `NEEDS_A_LOOK_BELOW` the reply needs a look.
 */
export function decideReplyLabel(body: string, scores: readonly LabelScore[]): ReplyVerdict {
  if (isOptOutReply(body)) return { label: 'opt_out', confidence: 1, needsLook: false, by: 'rule' };
  if (isWrongNumberReply(body)) return { label: 'wrong_number', confidence: 1, needsLook: false, by: 'rule' };
  // The rule has read every "stop" of the reply as the ordinary word: the model's opt-out does not count.
  const heard = onlyOrdinaryStops(body) ? scores.filter((s) => s.label !== 'opt_out') : scores;
  const ranked = [...heard].sort((a, b) => b.probability - a.probability);
  const top = ranked[0] ?? { label: 'other' as const, probability: 0 };
  const candidates = ranked.filter((s) => s.probability >= CANDIDATE_FROM);
  const tier = (label: ReplyLabel) => (label === 'opt_out' ? 0 : (TIER[label] ?? 2));
  let chosen = candidates.reduce(
    (best, s) => (tier(s.label) < tier(best.label) ? s : best),
    candidates[0] ?? top,
  );
  if (chosen.label === 'interested') chosen = candidates.find((s) => s.label === 'callback') ?? chosen;
  const confidence = chosen.probability;
  return { label: chosen.label, confidence, needsLook: confidence < NEEDS_A_LOOK_BELOW, by: 'model' };
}

export type Temperature = 'hot' | 'warm' | 'cold' | 'dead';

/** A contact's temperature from its latest labelled reply (board card); null when no reply says anything. */
export function replyTemperature(label: ReplyLabel | null | undefined): Temperature | null {
  switch (label) {
    case 'interested':
    case 'callback':
      return 'hot';
    case 'question':
    case 'later':
      return 'warm';
    case 'not_interested':
      return 'cold';
    case 'opt_out':
    case 'wrong_number':
    case 'not_owner':
      return 'dead';
    default:
      return null;
  }
}
