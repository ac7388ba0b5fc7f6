import { serverMessages } from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  CardDeclinedError,
  PaymentsFailedError,
  type PaymentsProvider,
} from '../../providers/payments/index.js';
import type { PaymentRecords } from './payment-records.js';
import * as q from './payments.queries.js';

/** An autofill claimed this long ago whose process never finished it is taken over. */
const CLAIM_STALE_MS = 10 * 60_000;

export type Autofill = ReturnType<typeof createAutofill>;

/**
 * Autofill (spec part 2 §2 'Autofill settings'; ADR 019): when a charge leaves the credits below the
 * team's threshold, its card is charged the amount it set, off-session, once. Of any number of
 * charges at once, one claims the team's autofill (payments.queries claimAutofill: on, none under
 * way, the credits read at that moment below the threshold); the others find it claimed, and once
 * it is paid the credits are above the threshold again. The attempt's key is the team's n-th
 * autofill: a process that died mid-payment is taken over with the same key, so Stripe answers the
 * same payment instead of making a second.
 */
export function createAutofill(deps: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  records: PaymentRecords;
  log: FastifyBaseLogger;
}) {
  const running = new Set<Promise<void>>();

  async function run(teamId: string): Promise<void> {
    const now = deps.clock.now();
    const claim = await q.claimAutofill(deps.db, teamId, now, new Date(now.getTime() - CLAIM_STALE_MS));
    if (!claim) return;
    let failure: string | null = null;
    try {
      const payment = await deps.provider.chargeCard(
        {
          customerId: claim.customerId,
          paymentMethodId: claim.paymentMethodId,
          amountCents: Math.round(claim.load / 100),
          description: 'Prospector credits (autofill)',
          metadata: { teamId, purpose: 'autofill' },
          offSession: true,
        },
        `autofill:${teamId}:${claim.seq}`,
      );
      if (payment.status === 'succeeded')
        await deps.records.recording((tx, told) =>
          deps.records.credit(tx, told, {
            teamId,
            paymentId: payment.id,
            amountCents: payment.amountCents,
            kind: 'autofill',
          }),
        );
      else if (payment.status !== 'processing') failure = serverMessages.billing.paymentNeedsAction;
    } catch (err) {
      if (!(err instanceof CardDeclinedError)) {
        // Not the card's fault (the service unreachable, or a bug): the claim is left to go stale, and
        // a charge after that tries again with the same key, which Stripe answers with the same payment.
        if (err instanceof PaymentsFailedError)
          deps.log.warn({ teamId, reason: err.message }, 'autofill deferred');
        else deps.log.error({ err, teamId }, 'autofill failed');
        return;
      }
      failure = err.message;
    }
    await q.finishAutofill(deps.db, teamId, claim.seq, failure, deps.clock.now());
    if (failure) deps.log.warn({ teamId, failure }, 'autofill declined: turned off');
  }

  return {
    /** Called after a charge lowered a team's credits; reads them itself, and never throws to the caller. */
    afterDebit(teamId: string) {
      const job = run(teamId)
        .catch((err: unknown) => deps.log.error({ err, teamId }, 'autofill failed'))
        .finally(() => running.delete(job));
      running.add(job);
    },
    /** Waits for the autofills under way (tests; shutdown). */
    async settled() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
