import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin } from '../../test/factories.js';
import { claimDueDeliveries, insertDeliveries, insertEndpoint, recordAttempts } from './webhooks.queries.js';

/* Attempts' outcomes written many a statement (ADR 057 addendum): each its log row and state, and the
   endpoint's failure streak as if they had been written one after another. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t.close());

let n = 0;
/** An endpoint with `count` deliveries due, claimed as the sender claims them. */
async function claimed(count: number, failingSince: Date | null = null) {
  const { db } = t.database;
  const admin = await insertTeamAdmin(t, `attempts${++n}@hooks.test`);
  const endpoint = await insertEndpoint(db, {
    teamId: admin.teamId,
    kind: 'subscription',
    url: 'https://hooks.example.com/in',
    events: ['message.received'],
    secretSealed: 'sealed',
    createdAt: t.clock.now(),
    failingSince,
  });
  const now = t.clock.now();
  await insertDeliveries(
    db,
    Array.from({ length: count }, (_, i) => ({
      teamId: admin.teamId,
      endpointId: endpoint.id,
      eventType: 'message.received',
      payload: { i },
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  const due = await claimDueDeliveries(db, now, new Date(now.getTime() + 60_000), 100);
  return { endpoint, due: due.filter((d) => d.endpoint_id === endpoint.id) };
}

const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 2, 0, s));
const outcome = (d: Awaited<ReturnType<typeof claimed>>['due'][number], s: number, ok: boolean) => ({
  delivery: d,
  attempt: { attemptedAt: at(s), statusCode: ok ? 200 : 500, durationMs: 3, response: ok ? 'ok' : 'no' },
  state: ok ? ('delivered' as const) : ('pending' as const),
  nextAttemptAt: at(s + 60),
  lastError: ok ? null : 'answered HTTP 500',
});

describe('attempts written together', () => {
  it('logs each attempt and moves each delivery; a failure after the batch’s last success starts the streak', async () => {
    const { endpoint, due } = await claimed(3);
    const streaks = await recordAttempts(t.database.db, [
      outcome(due[0]!, 1, false),
      outcome(due[1]!, 2, true),
      outcome(due[2]!, 3, false),
    ]);
    expect(streaks.get(endpoint.id)).toEqual(at(3));
    const { db } = t.database;
    const states = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(states.map((s) => [s.state, s.attempts, s.deliveredAt]).sort()).toEqual(
      [
        ['delivered', 1, at(2)],
        ['pending', 1, null],
        ['pending', 1, null],
      ].sort(),
    );
    const logged = await db.select().from(webhookAttempts).where(eq(webhookAttempts.teamId, due[0]!.team_id));
    expect(logged.map((a) => a.statusCode).sort()).toEqual([200, 500, 500]);
  });

  it('failures alone keep a streak already running; a success last in the batch ends it', async () => {
    const since = at(-3600);
    const failing = await claimed(2, since);
    const kept = await recordAttempts(
      t.database.db,
      failing.due.map((d, i) => outcome(d, 10 + i, false)),
    );
    expect(kept.get(failing.endpoint.id)).toEqual(since);
    const healing = await claimed(2, since);
    const ended = await recordAttempts(t.database.db, [
      outcome(healing.due[0]!, 20, false),
      outcome(healing.due[1]!, 21, true),
    ]);
    expect(ended.get(healing.endpoint.id)).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, healing.endpoint.id));
    expect(row!.failingSince).toBeNull();
  });
});
