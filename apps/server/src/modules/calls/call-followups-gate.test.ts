import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { describe, expect, it } from 'vitest';
import { callQueue, items, messages } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { followUpCallsApp, insertCallableContacts, launchCallCampaign } from './calls.test-support.js';

/*
 * A file of its own, with an app of its own: the calls the other follow-up tests leave in the queue and
 * the clock they move took this campaign's first dials on PostgreSQL (2026-11-28 CI).
 *
 * Issue 32 item 1, ADR 046: "Call campaigns can have follow-up calls the same way": a contact whose
 * call was not answered is queued again for a call N days later, until a step is answered, they reply,
 * opt out, turn DNC or Wrong #, leave the campaign's statuses, or a member texts or calls them by hand.
 * The clock stands at Monday 2026-01-05 15:00 UTC, 10:00 in New York.
 */

let t: TestApp;
let admin: TestUser;
const { MONDAY, DAY, voice, authOf, dialUntil, rows } = followUpCallsApp(
  'lead@callgate.test',
  (app, user) => {
    t = app;
    admin = user;
  },
);

describe('follow-up calls checked before dialling (ADR 046 addendum)', () => {
  it('a queued follow-up call whose contact was closed or texted by hand since is dropped, not dialled', async () => {
    const phones = ['+12125558110', '+12125558111', '+12125558112'];
    const { ids, statusId } = await insertCallableContacts(
      t.database.db,
      admin.teamId,
      phones.map((value) => ({ value })),
    );
    const [closed, textedByHand, still] = ids as [string, string, string];
    const res = await launchCallCampaign(t, admin, [statusId], [{ afterDays: 1, groupIds: [] }]);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    await dialUntil(voice.placed.length + 3);
    const at = new Date(MONDAY.getTime() + DAY);
    t.clock.set(at);
    expect((await t.app.services.campaignEngine.tick()).requeued).toBe(3);

    // While the follow-up calls wait in the queue: one contact's status is closed, one is texted by hand.
    const [other] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from statuses where team_id = ${admin.teamId} and id <> ${statusId} order by id limit 1`,
    );
    await t.database.db.update(items).set({ statusId: other!.id }).where(eq(items.id, closed));
    await t.database.db.insert(messages).values({
      teamId: admin.teamId,
      itemId: textedByHand,
      body: 'I will call you later',
      direction: 'out',
      senderId: admin.userId,
      createdAt: at,
    });
    const before = voice.placed.length;
    await dialUntil(before + 1);
    // More rounds reach whatever the first left behind its one line: until neither stopped contact is
    // queued, at most 10.
    const auth = await authOf(admin);
    const queuedOf = async () =>
      (await t.database.db.select().from(callQueue).where(eq(callQueue.campaignId, c._id))).map(
        (e) => e.itemId,
      );
    for (let round = 0; round < 10; round += 1) {
      const queued = await queuedOf();
      if (!queued.includes(closed) && !queued.includes(textedByHand)) break;
      await t.app.services.dialler.edit(auth, { action: 'start' });
      await new Promise((r) => setTimeout(r, 300));
      await t.app.services.dialler.settle();
      await t.app.services.dialler.edit(auth, { action: 'pause' });
      await t.app.services.dialler.settle();
    }
    const mine = voice.placed.slice(before).filter((p) => phones.includes(p.to));
    expect(mine.map((p) => p.to)).toEqual([phones[2]]);
    const row = await rows(c._id);
    expect(row(closed)).toMatchObject({ state: 'stopped', reason: 'status' });
    expect(row(textedByHand)).toMatchObject({ state: 'stopped', reason: 'manual' });
    expect(row(still).state).not.toBe('stopped');
    const left = await t.database.db.select().from(callQueue).where(eq(callQueue.campaignId, c._id));
    expect(left.map((e) => e.itemId)).not.toContain(closed);
    expect(left.map((e) => e.itemId)).not.toContain(textedByHand);
  }, 90_000);
});
