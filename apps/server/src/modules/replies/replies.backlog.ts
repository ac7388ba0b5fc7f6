import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { withAllTeams } from '../../lib/team-scope.js';
import * as q from './replies.queries.js';
import type { ReplyModels } from './reply-models.js';

/**
 * The background pass (issue 31, item 6): texts received before labels existed (or while a process
 * was down) are labelled in batches, oldest first, by their team's model. It needs no state of its
 * own to resume: a stopped pass, started again, picks up the texts that still have no label.
 */
export function createReplyBacklog(deps: {
  db: Db;
  models: ReplyModels;
  log: FastifyBaseLogger;
  batch?: number;
}) {
  const batch = deps.batch ?? 200;
  let running: Promise<void> | null = null;
  let stopping = false;

  /** Labels one batch after the cursor; answers the next cursor, or null when none was left. */
  async function labelBatch(after: { at: Date; id: string } | null) {
    const texts = await q.listUnlabelled(deps.db, after, batch);
    const rows = [];
    for (const t of texts) {
      const verdict = await deps.models.classify(t.teamId, t.body);
      rows.push({
        messageId: t.id,
        teamId: t.teamId,
        itemId: t.itemId,
        label: verdict.label,
        confidence: verdict.confidence,
        needsLook: verdict.needsLook,
        source: verdict.by,
        modelLabel: verdict.label,
        createdAt: new Date(t.createdAt),
      });
    }
    await q.insertReplyLabels(deps.db, rows);
    const last = texts.at(-1);
    return { labelled: rows.length, next: last ? { at: new Date(last.createdAt), id: last.id } : null };
  }

  async function run() {
    let after: { at: Date; id: string } | null = null;
    let total = 0;
    while (!stopping) {
      const { labelled, next } = await withAllTeams(() => labelBatch(after));
      if (!next) break;
      total += labelled;
      after = next;
      deps.log.info({ labelled: total }, 'reply labels: background pass');
      await nextTurn(); // requests and replies get their turn between batches
    }
  }

  return {
    /** Labels what has no label yet; once per start. Answers the run (tests await it). */
    start() {
      stopping = false;
      running ??= run()
        .catch((err: unknown) =>
          deps.log.error({ err: (err as { cause?: unknown }).cause ?? err }, 'reply labels pass failed'),
        )
        .finally(() => {
          running = null;
        });
      return running;
    },
    /** Stops after the batch in hand; the next start resumes. */
    async stop() {
      stopping = true;
      await running;
    },
    /** A team's received texts and how many carry a label (the pass's progress). */
    progress: (teamId: string) => q.countLabelled(deps.db, teamId),
  };
}

export type ReplyBacklog = ReturnType<typeof createReplyBacklog>;
