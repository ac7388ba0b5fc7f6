import { messages } from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../providers/mail/index.js';
import * as q from './chats.queries.js';

export type SupportAlerts = ReturnType<typeof createSupportAlerts>;

/**
 * E-mails our staff about a support message nobody answered within `minutes` (issue 20). The wait
 * lives on the chat's row (since when, and whether it was e-mailed), so a restart loses nothing: the
 * next process's first tick finds what is due. A tick claims due chats with SKIP LOCKED and marks
 * them in the transaction that sends the mail, so each wait is mailed once by one process, and a
 * failed send is tried again at the next tick.
 */
export function createSupportAlerts(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  staffEmails: readonly string[];
  minutes: number;
  publicUrl: string;
  pollMs: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** Sends what is due; answers how many chats were alerted. */
  async function tick(): Promise<number> {
    if (deps.staffEmails.length === 0) return 0;
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - deps.minutes * 60_000);
    return deps.db.transaction(async (tx) => {
      const due = await q.claimDueSupportAlerts(tx, cutoff, now);
      for (const chat of due) {
        const fill = (t: string) =>
          t
            .replace('{team}', chat.teamName)
            .replace(
              '{minutes}',
              String(Math.round((now.getTime() - new Date(chat.waitingSince).getTime()) / 60_000)),
            )
            .replace('{body}', chat.lastBody ?? '')
            .replace('{url}', deps.publicUrl);
        for (const to of deps.staffEmails)
          await deps.mailer.send({
            to,
            subject: fill(messages.chats.alertSubject),
            text: fill(messages.chats.alertText),
          });
      }
      return due.length;
    });
  }

  async function safeTick() {
    try {
      return await tick();
    } catch (err) {
      deps.log.error({ err: (err as { cause?: unknown }).cause ?? err }, 'support alerts: tick failed');
      return 0;
    }
  }

  return {
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) running = safeTick().finally(() => (running = null));
      }, deps.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
