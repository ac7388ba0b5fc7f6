import { normalizePhone } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identifiers, statuses } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { insertTeamAdmin } from '../test/factories.js';
import { generateTeamData } from './generate.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('generated demo and benchmark data', () => {
  it('makes the asked-for records, valid unique phones and messages, and they show on the board and in search', async () => {
    const admin = await insertTeamAdmin(t, 'demo@acme.test');
    const team = await t.database.db.select().from(statuses).where(eq(statuses.teamId, admin.teamId));
    const counts = await generateTeamData(t.database.db, {
      teamId: admin.teamId,
      contacts: 60,
      phonesPerContact: 3,
      messagesPerContact: 2,
      statusIds: team.map((s) => s.id),
      memberIds: [admin.userId],
      phoneBase: 2_000_000,
      now: t.clock.now(),
    });
    expect(counts).toEqual({ items: 120, identifiers: 180, messages: 120 });
    const phones = await t.database.db.select().from(identifiers);
    expect(phones.every((p) => normalizePhone(p.value) === p.value)).toBe(true);
    expect(phones.filter((p) => p.primary)).toHaveLength(60);

    const board = (
      await t.app.inject({ method: 'POST', url: '/api/dashboard/get', headers: admin.headers, payload: {} })
    ).json();
    expect(board.columns.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(60);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/services/search',
      headers: admin.headers,
      payload: { text: phones[0]!.value.slice(-7), type: 'all' },
    });
    expect(found.json().results).toHaveLength(1);
  });
});
