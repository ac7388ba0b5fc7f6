import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin } from '../../test/factories.js';
import { API_KEY_CACHE_MS } from './api-keys.service.js';
import { callApi, listen, makeKey } from './public-api.test-support.js';

/*
 * ADR 057: a process remembers a live key for API_KEY_CACHE_MS and takes its concurrent calls' rate
 * places in one statement. Revocation still holds within that bound, and the limit stays exact.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_API_PER_MINUTE: 5 });
  base = await listen(t);
}, 60_000);
afterAll(async () => t.close());

let n = 0;
const newKey = async () => makeKey(t, await insertTeamAdmin(t, `cache-${++n}@acme.test`));
const contacts = (key: string) => callApi(base, key, 'GET', '/api/v1/contacts');

describe('API keys remembered by a process', () => {
  it('a key revoked by another process is refused here once API_KEY_CACHE_MS has passed', async () => {
    const { key, id } = await newKey();
    expect((await contacts(key)).status).toBe(200);
    // Another process revokes it: this process was not told and trusts what it looked up, for a while.
    await t.database.db.update(apiKeys).set({ revokedAt: t.clock.now() }).where(eq(apiKeys.id, id));
    t.clock.advance(API_KEY_CACHE_MS);
    expect((await contacts(key)).status).toBe(401);
  });

  it('concurrent calls of one key get exactly its limit, each with its own RateLimit-Remaining', async () => {
    const { key } = await newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => contacts(key)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    expect(ok.map((a) => a.headers.get('ratelimit-remaining')).sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('concurrent creates, read back together, each answer their own contact', async () => {
    const { key } = await newKey();
    const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Together' });
    const phones = ['+19165550141', '+19165550142', '+19165550143', '+19165550144'];
    const made = await Promise.all(
      phones.map((p, i) =>
        callApi(base, key, 'POST', '/api/v1/contacts', {
          listId: list.body['id'],
          firstName: `Caller${i}`,
          phones: [p],
        }),
      ),
    );
    expect(made.map((m) => m.status)).toEqual([200, 200, 200, 200]);
    const contacts = made.map((m) => m.body['contact'] as { firstName: string; phones: string[] });
    expect(contacts.map((c) => [c.firstName, c.phones])).toEqual(phones.map((p, i) => [`Caller${i}`, [p]]));
  });
});
