import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, replyLabels } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import * as q from './replies.queries.js';
import { createReplyBacklog } from './replies.backlog.js';
import { createReplyModels } from './reply-models.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  await t.app.ready();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  await t.close();
});

const BODIES = [
  'STOP',
  'Who is this?',
  'How much would you pay?',
  'Sold it years ago',
  'Call me tomorrow at 10',
];

describe('the background pass', () => {
  it('labels the texts received before, in batches, and a stopped pass resumes where it stopped', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await t.database.db.insert(messages).values(
      BODIES.map((body, i) => ({
        teamId: admin.teamId,
        itemId: ann.id,
        body,
        direction: 'in' as const,
        phone: '+19164567890',
        status: 'received',
        createdAt: new Date(Date.UTC(2026, 0, 1, 10, i)),
      })),
    );
    // A text sent and a comment are not replies: they stay unlabelled.
    await t.database.db.insert(messages).values([
      {
        teamId: admin.teamId,
        itemId: ann.id,
        body: 'Hi Ann',
        direction: 'out',
        status: 'delivered',
        createdAt: new Date(),
      },
      { teamId: admin.teamId, itemId: ann.id, body: 'call her', comment: true, createdAt: new Date() },
    ]);
    const models = createReplyModels({
      loadCorrections: (teamId) => q.listCorrections(t.database.db, teamId),
    });
    const backlog = createReplyBacklog({ db: t.database.db, models, log: t.app.log, batch: 2 });
    const progress = () =>
      t.app.inject({ method: 'GET', url: '/api/replies/backlog', headers: admin.headers });
    expect((await progress()).json()).toEqual({ received: 5, labelled: 0 });

    const first = backlog.start();
    await backlog.stop(); // stops after the batch in hand
    await first;
    expect((await progress()).json()).toEqual({ received: 5, labelled: 2 });

    await backlog.start();
    expect((await progress()).json()).toEqual({ received: 5, labelled: 5 });
    const labels = await t.database.db
      .select({ label: replyLabels.label, body: messages.body })
      .from(replyLabels)
      .innerJoin(messages, eq(messages.id, replyLabels.messageId))
      .orderBy(messages.createdAt);
    expect(labels.map((l) => [l.body, l.label])).toEqual([
      ['STOP', 'opt_out'],
      ['Who is this?', 'question'],
      ['How much would you pay?', 'interested'],
      ['Sold it years ago', 'not_owner'],
      ['Call me tomorrow at 10', 'callback'],
    ]);
  });
});
