import { REPLY_LABELS, type ReplyLabel } from '@prospector/core';
import { readLabelledSet, trainReplyModel, type LabelledReply } from './reply-model.js';

export type Evaluation = {
  train: number;
  test: number;
  accuracy: number;
  macroF1: number;
  perLabel: Record<ReplyLabel, { precision: number; recall: number; f1: number; support: number }>;
  /** confusion[actual][predicted] */
  confusion: Record<ReplyLabel, Record<ReplyLabel, number>>;
  /** Replies confident enough to act on (not "needs a look"), and the accuracy among them. */
  confident: { share: number; accuracy: number };
  misses: { text: string; actual: ReplyLabel; predicted: ReplyLabel; confidence: number }[];
};

const zeros = () => Object.fromEntries(REPLY_LABELS.map((l) => [l, 0])) as Record<ReplyLabel, number>;

/** Trains on the labelled set's train part and measures on its test part, which it never saw. */
export function evaluateReplyModel(set: readonly LabelledReply[] = readLabelledSet()): Evaluation {
  const train = set.filter((r) => r.split === 'train');
  const test = set.filter((r) => r.split === 'test');
  const model = trainReplyModel(train);
  const confusion = Object.fromEntries(REPLY_LABELS.map((l) => [l, zeros()])) as Evaluation['confusion'];
  const misses: Evaluation['misses'] = [];
  let confident = 0;
  let confidentRight = 0;
  for (const r of test) {
    const v = model.classify(r.text);
    confusion[r.label][v.label]++;
    if (v.label !== r.label)
      misses.push({ text: r.text, actual: r.label, predicted: v.label, confidence: v.confidence });
    if (!v.needsLook) {
      confident++;
      if (v.label === r.label) confidentRight++;
    }
  }
  const perLabel = Object.fromEntries(
    REPLY_LABELS.map((l) => {
      const tp = confusion[l][l];
      const support = REPLY_LABELS.reduce((s, p) => s + confusion[l][p], 0);
      const predicted = REPLY_LABELS.reduce((s, a) => s + confusion[a][l], 0);
      const precision = predicted ? tp / predicted : 0;
      const recall = support ? tp / support : 0;
      const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
      return [l, { precision, recall, f1, support }];
    }),
  ) as Evaluation['perLabel'];
  const right = REPLY_LABELS.reduce((s, l) => s + confusion[l][l], 0);
  return {
    train: train.length,
    test: test.length,
    accuracy: right / test.length,
    macroF1: REPLY_LABELS.reduce((s, l) => s + perLabel[l].f1, 0) / REPLY_LABELS.length,
    perLabel,
    confusion,
    confident: { share: confident / test.length, accuracy: confident ? confidentRight / confident : 0 },
    misses,
  };
}

/** The confusion matrix as text: a row per actual label, a column per predicted label. */
export function formatConfusion(confusion: Evaluation['confusion']): string {
  const short = (l: string) =>
    l.replace('not_', 'n_').replace('wrong_number', 'wrong#').slice(0, 8).padStart(9);
  const head = `${'actual\\pred'.padEnd(15)}${REPLY_LABELS.map(short).join('')}`;
  const rows = REPLY_LABELS.map(
    (a) => `${a.padEnd(15)}${REPLY_LABELS.map((p) => String(confusion[a][p]).padStart(9)).join('')}`,
  );
  return [head, ...rows].join('\n');
}
