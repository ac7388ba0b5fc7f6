/**
 * npm run demo: fills a demo team on the configured database (PGlite in DATA_DIR by default) so a
 * newcomer sees a living board. Log in as demo@prospector.test; the code is printed by `npm start`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import {
  devices,
  items,
  messages,
  notifications,
  statuses,
  tasks,
  teams,
  users,
  quickReplies,
  subtemplates,
  templateGroups,
  templates,
} from '../db/schema/index.js';
import { generateTeamData } from './generate.js';

const ADMIN = 'demo@prospector.test';
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const app = await buildApp({ ...config, LOG_LEVEL: 'warn' }, { database });
const { db } = database;

try {
  if (await app.services.teams.findUserByEmail(db, ADMIN)) {
    console.log(`The demo team is already there. Log in as ${ADMIN}.`);
  } else {
    const now = new Date();
    const { user: admin, team } = await db.transaction((tx) =>
      app.services.teams.findOrCreateAccount(tx, ADMIN, null),
    );
    await db
      .update(teams)
      // Three users: more than the free plan allows, so the demo team is on LITE.
      .set({ name: 'Sierra Realty Group', onboarded: true, timezone: 'America/Los_Angeles', plan: 'LITE' })
      .where(eq(teams.id, team.id));
    await db.update(users).set({ name: 'Dana Brooks' }).where(eq(users.id, admin.id));
    const [maya, leo] = await db
      .insert(users)
      .values([
        {
          teamId: team.id,
          email: 'maya@prospector.test',
          name: 'Maya Patel',
          role: 'member',
          dataAccess: 'All data',
          permissions: ['messenger', 'campaigns', 'sms', 'statuses'],
        },
        {
          teamId: team.id,
          email: 'leo@prospector.test',
          name: 'Leo Chen',
          role: 'member',
          dataAccess: 'Only assigned',
          permissions: ['sms'],
        },
      ])
      .returning();
    const extra = ['Interested', 'Follow up', 'Offer made', 'Under contract'];
    await db.insert(statuses).values(extra.map((text, i) => ({ teamId: team.id, text, position: 3 + i })));
    const all = await db.select().from(statuses).where(eq(statuses.teamId, team.id));
    const board = [
      'Not contacted',
      'Interested',
      'Follow up',
      'Offer made',
      'Under contract',
      'Not contacted',
      'Interested',
    ];
    const statusIds = board.map((t) => all.find((s) => s.text === t)!.id);
    const counts = await generateTeamData(db, {
      teamId: team.id,
      contacts: 240,
      phonesPerContact: 2,
      messagesPerContact: 4,
      statusIds,
      memberIds: [admin.id, maya!.id, leo!.id],
      phoneBase: 4_560_000,
      now,
    });
    // Tasks (some overdue), comments with a mention, and unread notifications for the admin.
    const contacts = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.teamId, team.id), eq(items.type, 'contact')))
      .limit(40);
    for (const [i, c] of contacts.entries()) {
      const due = new Date(now.getTime() + (i % 4 === 0 ? -1 : 1) * (1 + (i % 5)) * 86_400_000);
      await db.insert(tasks).values({
        teamId: team.id,
        itemId: c.id,
        text: i % 2 ? 'Call back about the offer' : 'Send comps',
        due,
        assignedTo: [admin.id],
        createdAt: now,
      });
      if (i < 12) {
        await db.insert(messages).values({
          teamId: team.id,
          itemId: c.id,
          body: '@Dana Brooks owner asked for a call after 5pm',
          comment: true,
          senderId: maya!.id,
          createdAt: now,
        });
        await db.insert(notifications).values({
          teamId: team.id,
          userId: admin.id,
          senderId: maya!.id,
          body: 'Maya Patel mentioned you',
          body2: 'owner asked for a call after 5pm',
          targetId: c.id,
          createdAt: now,
        });
      }
    }
    await db.execute(sql`
      update items i set open_task_count = t.n, first_open_task_due = t.due
      from (select item_id, count(*)::int as n, min(due) as due from tasks where team_id = ${team.id} and not completed group by item_id) t
      where t.item_id = i.id`);
    // A simulated phone: the server runs it when it starts, so the demo team can text and get replies.
    await db
      .insert(devices)
      .values({ teamId: team.id, kind: 'android', value: '+19165550100', simulated: true, createdAt: now });
    // Templates to start a campaign with: a group of two openers, a rotating greeting, quick replies.
    await db
      .insert(subtemplates)
      .values({ teamId: team.id, name: 'greeting', values: ['Hi', 'Hello', 'Hey'], createdAt: now });
    const [openers] = await db
      .insert(templateGroups)
      .values({ teamId: team.id, name: 'First touch', createdAt: now })
      .returning();
    await db
      .insert(templates)
      .values(
        [
          '{greeting} **First name**, is your place in **City** still yours? Would you look at an offer?',
          '{greeting} **First name**, we buy homes in **City** as-is. Open to a quick chat?',
        ].map((text) => ({ teamId: team.id, groupId: openers!.id, text, createdAt: now, updatedAt: now })),
      );
    await db.insert(quickReplies).values([
      { teamId: team.id, title: 'Call me', text: 'Thanks! When is a good time to call you?', createdAt: now },
      {
        teamId: team.id,
        title: 'Sorry',
        text: 'Sorry for the bother, I will take you off our list.',
        createdAt: now,
      },
    ]);
    console.log(
      `Demo team 'Sierra Realty Group': ${counts.items} records, ${counts.identifiers} phones, ${counts.messages} messages.`,
    );
    console.log(
      `Log in as ${ADMIN} (admin), maya@prospector.test ('All data') or leo@prospector.test ('Only assigned'). A simulated phone (916) 555-0100 connects when the server starts.`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
