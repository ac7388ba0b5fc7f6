import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as q from './inbound-texts.queries.js';

/*
 * The devices module's hot paths on records (ADR 048, ADR 062): a text from a known number, and the
 * texts' delivery states. Each stays the one statement it was (decision 009): records writes its rows,
 * the caller passes its own part of the statement in.
 */

export type { KnownText, KnownTextHit } from './inbound-texts.queries.js';

/**
 * A text from a number a record of the team has, in one statement with the caller's `dedupe` insert
 * (run under `guard`, answering a row when the text is new). See `takeKnownText`.
 */
export const takeKnownText = (db: Db, t: q.KnownText, dedupe: (guard: SQL) => SQL) =>
  q.takeKnownText(db, t, dedupe);

/** The statement part that moves the texts of the jobs in the CTE named `moved` to their new state. */
export const messageStatusesOfMoves = (moved: string) => q.messageStatusesOfMoves(moved);
