import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callQueue, identifiers, items, messages } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { followUpCallsApp, insertCallableContacts, launchCallCampaign } from './calls.test-support.js';

/*
 * Issue 32 item 1, ADR 046: "Call campaigns can have follow-up calls the same way": a contact whose
 * call was not answered is queued again for a call N days later, until a step is answered, they reply,
 * opt out, turn DNC or Wrong #, leave the campaign's statuses, or a member texts or calls them by hand.
 * The clock stands at Monday 2026-01-05 15:00 UTC, 10:00 in New York.
 */

let t: TestApp;
let admin: TestUser;
const { MONDAY, DAY, PHONES, voice, dialUntil, rows } = followUpCallsApp(
  'lead@callfollow.test',
  (app, user) => {
    t = app;
    admin = user;
  },
);

const stats = async (campaignId: string) =>
  (await t.app.inject({ url: `/api/campaigns/stats/${campaignId}`, headers: admin.headers })).json();

describe('follow-up calls in a call campaign', () => {
  it('calls the unanswered again after each step’s days and stops on an answer, a reply, a member’s own text or a DNC number', async () => {
    const { ids, statusId } = await insertCallableContacts(
      t.database.db,
      admin.teamId,
      PHONES.map((value) => ({ value })),
    );
    const [answers, replies, textedByHand, turnsDnc, silent] = ids as [
      string,
      string,
      string,
      string,
      string,
    ];
    const res = await launchCallCampaign(
      t,
      admin,
      [statusId],
      [
        { afterDays: 2, groupIds: [] },
        { afterDays: 3, groupIds: [] },
      ],
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c.followUps).toEqual([
      { afterDays: 2, groupIds: [] },
      { afterDays: 3, groupIds: [] },
    ]);
    expect((await stats(c._id)).waiting).toEqual([
      { reason: 'inCallQueue', count: 5, until: null, field: null },
    ]);

    // The first calls: one answered, four not.
    await dialUntil(5);
    let row = await rows(c._id);
    expect(row(answers)).toMatchObject({ state: 'stopped', reason: 'replied', lastStep: 0 });
    for (const id of [replies, textedByHand, turnsDnc, silent])
      expect(row(id)).toMatchObject({
        state: 'pending',
        followUp: 1,
        step: 1,
        nextAt: new Date(MONDAY.getTime() + 2 * DAY),
      });

    // Before the next step: one texts back, a member texts one by hand, one's number turns DNC.
    const at = new Date(MONDAY.getTime() + DAY);
    t.clock.set(at);
    await t.database.db.insert(messages).values({
      teamId: admin.teamId,
      itemId: replies,
      body: 'Call me tomorrow',
      direction: 'in',
      createdAt: at,
    });
    await t.database.db
      .update(items)
      .set({
        lastMessage: {
          body: 'Call me tomorrow',
          createdAt: at.toISOString(),
          direction: 'in',
          leadIdt: null,
        },
      })
      .where(eq(items.id, replies));
    await t.app.services.campaigns.stopForReply(admin.teamId, replies, false);
    await t.database.db.insert(messages).values({
      teamId: admin.teamId,
      itemId: textedByHand,
      body: 'I will call you later',
      direction: 'out',
      senderId: admin.userId,
      createdAt: at,
    });
    await t.database.db.update(identifiers).set({ status: 'DNC' }).where(eq(identifiers.itemId, turnsDnc));
    // A day after the calls nothing is due yet; the details say when.
    expect((await t.app.services.campaignEngine.tick()).requeued).toBe(0);
    const step1 = (await stats(c._id)).steps[1];
    expect(step1.waiting).toEqual([
      expect.objectContaining({
        reason: 'followUpDue',
        count: 3,
        until: new Date(MONDAY.getTime() + 2 * DAY).toISOString(),
      }),
    ]);

    // Wednesday: only the silent one is queued again, in the same member's queue.
    t.clock.set(new Date(MONDAY.getTime() + 2 * DAY));
    expect((await t.app.services.campaignEngine.tick()).requeued).toBe(1);
    row = await rows(c._id);
    expect(row(replies)).toMatchObject({ state: 'stopped', reason: 'replied' });
    expect(row(textedByHand)).toMatchObject({ state: 'stopped', reason: 'manual' });
    expect(row(turnsDnc)).toMatchObject({ state: 'stopped', reason: 'optOut' });
    expect(row(silent)).toMatchObject({ state: 'waiting', waitReason: 'inCallQueue', followUp: 1 });
    const queue = (await t.app.inject({ url: '/api/calls/queue', headers: admin.headers })).json().queue;
    expect(queue.map((e: { itemId: string }) => e.itemId)).toEqual([silent]);
    expect(queue[0]).toMatchObject({ campaignId: c._id, callStatus: null });

    await dialUntil(6);
    expect(voice.placed[5]!.to).toBe(PHONES[4]);
    row = await rows(c._id);
    expect(row(silent)).toMatchObject({ state: 'pending', followUp: 2, step: 2, lastStep: 1 });

    // Saturday: the last follow-up call, then the contact is done.
    t.clock.set(new Date(MONDAY.getTime() + 5 * DAY));
    expect((await t.app.services.campaignEngine.tick()).requeued).toBe(1);
    await dialUntil(7);
    row = await rows(c._id);
    expect(row(silent)).toMatchObject({ state: 'done', step: 3, lastStep: 2 });

    // Per-step figures on the details and the card: called, and answered, replied or opted out (the
    // number that turned DNC counts as an opt-out, as in a text campaign).
    const s = await stats(c._id);
    expect(s.steps.map((x: { sent: number; replied: number }) => [x.sent, x.replied])).toEqual([
      [5, 3],
      [1, 0],
      [1, 0],
    ]);
    expect(s.steps[1].stoppedBefore).toBe(3);
    const page = await t.app.inject({ url: '/api/campaigns/getAll', headers: admin.headers });
    const card = page.json().campaigns.find((x: { _id: string }) => x._id === c._id);
    expect(card.steps).toEqual([
      { step: 0, sent: 5, replied: 3 },
      { step: 1, sent: 1, replied: 0 },
      { step: 2, sent: 1, replied: 0 },
    ]);
  }, 120_000);

  it('a reply takes a queued follow-up call out of the queue before it is dialled', async () => {
    const { ids, statusId } = await insertCallableContacts(t.database.db, admin.teamId, [
      { value: '+12125558100' },
    ]);
    const res = await launchCallCampaign(t, admin, [statusId], [{ afterDays: 1, groupIds: [] }]);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    await dialUntil(voice.placed.length + 1);
    t.clock.set(new Date(MONDAY.getTime() + DAY));
    expect((await t.app.services.campaignEngine.tick()).requeued).toBe(1);
    const [entry] = await t.database.db.select().from(callQueue).where(eq(callQueue.itemId, ids[0]!));
    expect(entry).toMatchObject({ campaignId: c._id, callStatus: null });

    await t.app.services.campaigns.stopForReply(admin.teamId, ids[0]!, false);
    expect(await t.database.db.select().from(callQueue).where(eq(callQueue.itemId, ids[0]!))).toEqual([]);
    expect((await rows(c._id))(ids[0]!)).toMatchObject({ state: 'stopped', reason: 'replied' });
  }, 60_000);

  it('refuses a sixth follow-up call', async () => {
    const { statusId } = await insertCallableContacts(t.database.db, admin.teamId, [
      { value: '+12125558200' },
    ]);
    const res = await launchCallCampaign(
      t,
      admin,
      [statusId],
      Array.from({ length: 6 }, () => ({ afterDays: 1, groupIds: [] })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A campaign can have at most 5 follow-ups.');
  });
});
