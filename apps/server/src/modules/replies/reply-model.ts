import { readFileSync } from 'node:fs';
import {
  decideReplyLabel,
  isReplyLabel,
  replyFeatures,
  REPLY_LABELS,
  type LabelScore,
  type ReplyLabel,
  type ReplyVerdict,
} from '@prospector/core';
import createClassifier from 'wink-naive-bayes-text-classifier';

/*
 * The reply model (decision 036): a naive Bayes text classifier (wink-naive-bayes-text-classifier)
 * trained at start from the labelled set committed beside this file; nothing is downloaded. A team's
 * model is the base learning with that team's corrections learned on top.
 */

export type LabelledReply = { label: ReplyLabel; split: 'train' | 'test'; lang: 'en' | 'es'; text: string };

const DATA = new URL('./data/replies.tsv', import.meta.url);

/** The labelled set (data/README.md): one reply a line, `label  split  lang  text`, tab-separated. */
export function readLabelledSet(): LabelledReply[] {
  const [, ...lines] = readFileSync(DATA, 'utf8').split('\n');
  return lines
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const [label, split, lang, text] = line.split('\t');
      if (
        !isReplyLabel(label) ||
        (split !== 'train' && split !== 'test') ||
        (lang !== 'en' && lang !== 'es') ||
        !text
      )
        throw new Error(`replies.tsv line ${i + 2} is not "label split lang text"`);
      return { label, split, lang, text };
    });
}

/** How much one correction weighs against one reply of the labelled set. */
export const CORRECTION_WEIGHT = 3;

export type ReplyModel = {
  /** Each label's one-against-the-rest probability for the reply, likeliest first. */
  scores(body: string): LabelScore[];
  /** The label the precedence rules give the model's scores (`decideReplyLabel`). */
  classify(body: string): ReplyVerdict;
};

function fromLearning(learn: (nbc: ReturnType<typeof createClassifier>) => void) {
  const nbc = createClassifier();
  nbc.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  nbc.definePrepTasks([replyFeatures]);
  learn(nbc);
  return nbc;
}

function asModel(nbc: ReturnType<typeof createClassifier>): ReplyModel {
  const scores = (body: string): LabelScore[] =>
    nbc
      .computeOdds(body)
      .filter(([label]) => isReplyLabel(label))
      // computeOdds gives log2 odds of the label against the rest.
      .map(([label, odds]) => ({
        label: label as ReplyLabel,
        probability: odds === 0 ? 0 : 1 / (1 + 2 ** -odds),
      }));
  return { scores, classify: (body) => decideReplyLabel(body, scores(body)) };
}

/** A model learned from these replies (and, weighted, these corrections). */
export function trainReplyModel(
  examples: readonly { text: string; label: ReplyLabel }[],
  corrections: readonly { text: string; label: ReplyLabel }[] = [],
): ReplyModel & { learning: string } {
  const nbc = fromLearning((c) => {
    for (const e of examples) c.learn(e.text, e.label);
    for (const e of corrections) for (let i = 0; i < CORRECTION_WEIGHT; i++) c.learn(e.text, e.label);
  });
  const learning = nbc.exportJSON();
  nbc.consolidate();
  return { ...asModel(nbc), learning };
}

/** The base learning with a team's corrections learned on top, without learning the base again. */
export function extendReplyModel(
  learning: string,
  corrections: readonly { text: string; label: ReplyLabel }[],
): ReplyModel {
  const nbc = fromLearning((c) => {
    c.importJSON(learning);
    for (const e of corrections) for (let i = 0; i < CORRECTION_WEIGHT; i++) c.learn(e.text, e.label);
  });
  nbc.consolidate();
  return asModel(nbc);
}

export { REPLY_LABELS };
