import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { identifiers, items, statusCallSettings, statuses } from '../../db/schema/index.js';

export { TINY_OPUS } from '../../test/multipart.js';

/** `n` contacts with one phone each, inserted in two statements; answers their ids in order. */
export async function insertCallableContacts(
  db: Db,
  teamId: string,
  phones: { value: string; status?: '' | 'DNC' | 'Wrong #' }[],
  statusText = 'Not contacted',
) {
  const [st] = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.teamId, teamId), eq(statuses.text, statusText)));
  const at = new Date('2026-01-01T00:00:00Z');
  const rows = await db
    .insert(items)
    .values(
      phones.map((_, i) => ({
        teamId,
        type: 'contact' as const,
        data: { 'First name': 'Caller', 'Last name': `No${i}` },
        statusId: st!.id,
        lastActivityAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: items.id });
  await db.insert(identifiers).values(
    phones.map((p, i) => ({
      teamId,
      itemId: rows[i]!.id,
      value: p.value,
      primary: !p.status,
      status: p.status ?? '',
      createdAt: at,
    })),
  );
  return { ids: rows.map((r) => r.id), statusId: st!.id };
}

/** Gives a status the auto-RVM setting with a voicemail. */
export async function setAutoRvm(db: Db, teamId: string, statusId: string, vmId: string) {
  await db.insert(statusCallSettings).values({ statusId, teamId, autoRvm: true, selectedVm: vmId });
}

/**
 * Launches a call campaign to the records in `statuses`, calling on 5 January 2026 from 15:00 to 23:00
 * UTC (10:00–18:00 in New York), with these follow-up steps; answers the launch's reply.
 */
export function launchCallCampaign(
  t: TestApp,
  user: TestUser,
  statuses: string[],
  followUps: { afterDays: number; groupIds: string[] }[] = [],
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/campaigns/launch',
    headers: user.headers,
    payload: {
      campaignType: 'Call',
      phoneType: 'All',
      statuses,
      startTime: '2026-01-05T15:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      ...(followUps.length ? { followUps } : {}),
    },
  });
}
