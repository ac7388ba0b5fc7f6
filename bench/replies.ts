/**
 * The reply labels (issue 31), in one process with no database: the model's accuracy, macro-F1 and
 * confusion matrix on the labelled set's test part (never learned from); classifying a reply (target
 * p95 ≤ 5 ms); a team's model rebuilt on 5,000 corrections (target ≤ 2 s, off the request path); and
 * the memory a team's model holds. Prints one JSON line; `npx tsx bench/replies.ts --table` prints tables.
 */
import { REPLY_LABELS } from '../packages/core/src/index.js';
import { readLabelledSet } from '../apps/server/src/modules/replies/reply-model.js';
import { evaluateReplyModel, formatConfusion } from '../apps/server/src/modules/replies/reply-model.eval.js';
import { createReplyModels, type Correction } from '../apps/server/src/modules/replies/reply-models.js';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (n: number) => Math.round(n * 1000) / 1000;

const evaluation = evaluateReplyModel();
const set = readLabelledSet();

// Corrections as a team makes them: replies of the set with a label of the team's own (every fourth
// one moved to the next label), repeated with a counter so the team's model learns 5,000 distinct texts.
const corrections: Correction[] = Array.from({ length: 5000 }, (_, i) => {
  const r = set[i % set.length]!;
  const label =
    i % 4 === 0 ? REPLY_LABELS[(REPLY_LABELS.indexOf(r.label) + 1) % REPLY_LABELS.length]! : r.label;
  return { text: `${r.text} ${i}`, label };
});
const loaded = new Map<string, Correction[]>([['big', corrections]]);
const models = createReplyModels({ loadCorrections: async (teamId) => loaded.get(teamId) ?? [] });

// Classifying: every test reply, 20 rounds, one at a time, through a team model with 5,000 corrections.
let t = performance.now();
await models.classify('big', 'warm up');
const retrainMs = performance.now() - t;
const times: number[] = [];
for (let round = 0; round < 20; round++)
  for (const r of set) {
    if (r.split !== 'test') continue;
    t = performance.now();
    await models.classify('big', r.text);
    times.push(performance.now() - t);
  }
times.sort((a, b) => a - b);

// Memory: 20 teams with 50 corrections each, measured as the heap they add.
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < 20; i++) {
  loaded.set(`team${i}`, corrections.slice(i * 50, i * 50 + 50));
  await models.classify(`team${i}`, 'hello');
}
globalThis.gc?.();
const perTeamMb = (process.memoryUsage().heapUsed - heapBefore) / 20 / 1024 / 1024;

const row = {
  train: evaluation.train,
  test: evaluation.test,
  accuracy: Math.round(evaluation.accuracy * 1000) / 1000,
  macro_f1: Math.round(evaluation.macroF1 * 1000) / 1000,
  confident_share: Math.round(evaluation.confident.share * 1000) / 1000,
  confident_accuracy: Math.round(evaluation.confident.accuracy * 1000) / 1000,
  classify_p50_ms: ms(percentile(times, 0.5)),
  classify_p95_ms: ms(percentile(times, 0.95)),
  classify_p99_ms: ms(percentile(times, 0.99)),
  target_classify_p95_ms: 5,
  retrain_5000_corrections_ms: Math.round(retrainMs),
  target_retrain_ms: 2000,
  team_model_mb: Math.round(perTeamMb * 100) / 100,
  confusion: evaluation.confusion,
};
if (process.argv.includes('--table')) {
  const { confusion, ...figures } = row;
  console.table([figures]);
  console.log(formatConfusion(confusion));
} else console.log(JSON.stringify(row));
