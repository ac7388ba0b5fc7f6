import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as core from '@prospector/core';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { createStripeConnect } from '../providers/payouts/index.js';
import { startFakeGoogleMaps, type FakeGoogleMaps } from './fake-google-maps.js';
import { startFakeStripeConnect, type FakeStripeConnect } from './fake-stripe-connect.js';
import {
  arbitraryFor,
  encodeSegment,
  HOSTILE_BODIES,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  leafPaths,
  withLeaf,
} from './hostile-inputs.js';
import { TINY_PNG } from './multipart.js';
import { idFor, querySchemaOf, sample } from './route-sweep.js';
import { seedTeam, type SeededTeam } from './seed-team.js';
import { setUpSecondFactor } from './staff.js';

/**
 * Hostile input over every route the app registers (read from Fastify, so a new route is fuzzed the
 * day it lands): the staff admin of a seeded team sends each route its valid body with every leaf in
 * turn made hostile (NUL, UTF-16 halves, the wrong type, a huge string), hostile whole bodies, path
 * segments and query strings, multipart forms with hostile names, and bodies fast-check generates
 * from the route's own zod schema. No answer may be a 5xx: a bad input is the caller's fault.
 */

const SEED = 15;
const GENERATED_PER_ROUTE = 25;
const WRONG_LEAVES: unknown[] = [null, {}, ['\u0000'], 1e308];
const MAX_LEAVES = 12;

type Case = {
  name: string;
  url: string;
  payload?: string | object | Buffer;
  contentType?: string;
};

/** Multipart bodies the parser cannot read (issue 36 item 7): each answered 500 on every upload route. */
function brokenMultipartForms() {
  const { payload, contentType } = multipartForm('x', 'x.png');
  const boundary = contentType.split('boundary=')[1]!;
  const unclosed = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
  return [
    { name: 'without a boundary', payload, contentType: 'multipart/form-data' },
    { name: 'with an empty boundary', payload, contentType: 'multipart/form-data; boundary=' },
    { name: 'cut short', payload: payload.subarray(0, 60), contentType },
    { name: 'never closed', payload: unclosed, contentType },
  ];
}

/** A multipart form with text fields and one file under several names, all hostile where they can be. */
function multipartForm(text: string, fileName: string) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const part = (headers: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part('Content-Disposition: form-data; name="name"', text),
    part(`Content-Disposition: form-data; name="${text}"`, text),
    ...['file', 'avatar', 'img'].map((name) =>
      part(
        `Content-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: image/png`,
        name === 'file' ? `First Name,Phone\r\n${text},212-555-0123\r\n` : TINY_PNG,
      ),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Values fast-check generates from a schema: hostile ones, then clean ones that pass validation. */
function generate(schema: unknown, ids: string[]) {
  return (['hostile', 'clean'] as const).flatMap((mode) =>
    fc.sample(arbitraryFor(schema, ids, mode), { numRuns: GENERATED_PER_ROUTE, seed: SEED }),
  );
}

/** Every case for one route; the valid request comes last, so a removal does not hide the rest. */
function casesFor(r: FastifyInstance['routeList'][number], team: SeededTeam): Case[] {
  const ids = Object.values(team.ids).filter((id) => id !== team.ids['admin']);
  const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const urlWith = (hostile: Record<string, string> = {}) =>
    r.url
      .replace(/:(\w+)/g, (_, name: string) => hostile[name] ?? idFor(team.ids, name, r.url))
      .replace('*', hostile['*'] ?? 'lists/1');
  const url = urlWith();
  const cases: Case[] = [];
  const base = r.body ? sample(team.ids, r.body, '', r.url) : undefined;

  if (base !== undefined) {
    const leaves = leafPaths(base).slice(0, MAX_LEAVES);
    for (const leaf of leaves) {
      for (const s of HOSTILE_STRINGS)
        cases.push({
          name: `${leaf.join('.')}=${JSON.stringify(s)}`,
          url,
          payload: withLeaf(base, leaf, s) as object,
        });
      for (const w of WRONG_LEAVES)
        cases.push({
          name: `${leaf.join('.')}=${JSON.stringify(w)}`,
          url,
          payload: withLeaf(base, leaf, w) as object,
        });
    }
    const firstString = leaves.find(
      (l) => typeof l.reduce<unknown>((v, k) => (v as never)[k], base) === 'string',
    );
    if (firstString)
      cases.push({
        name: `${firstString.join('.')}=<400 kB>`,
        url,
        payload: withLeaf(base, firstString, 'x'.repeat(400_000)) as object,
      });
    if (base && typeof base === 'object' && !Array.isArray(base))
      cases.push({ name: 'extra hostile keys', url, payload: { ...base, '\u0000': 'x', extra: '\uD800' } });
    generate(r.body, ids).forEach((g, i) =>
      cases.push({ name: `generated #${i}`, url, payload: g === undefined ? 'null' : (g as object) }),
    );
  }
  if (r.method !== 'GET') {
    for (const raw of HOSTILE_BODIES)
      cases.push({ name: `body ${raw.slice(0, 24)}`, url, payload: raw, contentType: 'application/json' });
    if (!r.body)
      for (const s of ['nul \u0000 inside', 'lone \uD83D', '../../x\u0000.png'])
        cases.push({ name: `multipart ${JSON.stringify(s)}`, url, ...multipartForm(s, s) });
    if (!r.body)
      for (const broken of brokenMultipartForms())
        cases.push({ url, ...broken, name: `multipart ${broken.name}` });
  }
  for (const name of r.url.includes('*') ? ['*', ...params] : params)
    for (const seg of HOSTILE_SEGMENTS)
      cases.push({ name: `:${name}=${seg.slice(0, 24)}`, url: urlWith({ [name]: seg }) });
  const query = querySchemaOf(r);
  const queryKeys = Object.keys((query as { shape?: object } | undefined)?.shape ?? { search: 1 });
  for (const key of queryKeys)
    for (const s of [...HOSTILE_STRINGS, '%ED%A0%80'])
      cases.push({
        name: `?${key}=${JSON.stringify(s)}`,
        url: `${url}?${key}=${s.startsWith('%') ? s : encodeSegment(s)}`,
      });
  if (query)
    generate(query, ids).forEach((q, i) => {
      const pairs = q && typeof q === 'object' ? Object.entries(q) : [['q', q]];
      const qs = pairs
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
        .join('&');
      cases.push({ name: `generated query #${i}`, url: `${url}?${qs}` });
    });
  if (r.params)
    generate(r.params, ids).forEach((p, i) => {
      const given = Object.entries(p && typeof p === 'object' ? p : {}).filter(([, v]) => v !== undefined);
      const segments = Object.fromEntries(given.map(([k, v]) => [k, encodeSegment(v)]));
      cases.push({ name: `generated params #${i}`, url: urlWith(segments) });
    });
  cases.push({ name: 'valid', url, ...(base !== undefined ? { payload: base as object } : {}) });
  return cases;
}

let t: TestApp;
let team: SeededTeam;
let maps: FakeGoogleMaps;
let stripe: FakeStripeConnect;
let webDist: string;
/** The SMS Gateway app's bearer token: the mobile API (/api/mobile/v1) is fuzzed as a registered phone. */
let appHeaders: Record<string, string>;
const MOBILE_API = '/api/mobile/v1';
/** An event stream never ends, so inject would never return: sms-gateway.test.ts covers it with the app. */
const STREAMS = [`${MOBILE_API}/events`];
beforeAll(async () => {
  // A built web app of its own, so the page fallback and the file routes are fuzzed the same everywhere.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'fuzz-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-Bx7f3k.js'), 'export {}');
  // Addresses reach the maps provider (a local fake), so they are fuzzed past "maps not configured".
  maps = await startFakeGoogleMaps();
  // Payouts likewise reach a local fake of Stripe Connect, past "payouts are not configured".
  stripe = await startFakeStripeConnect();
  t = await buildTestApp(
    {
      GOOGLE_MAPS_KEY: maps.key,
      GOOGLE_MAPS_URL: maps.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      WEB_DIST: webDist,
      STAFF_EMAILS: ['ann@alpha.test'],
      LOGIN_IP_MAX_5MIN: 1_000_000,
      LOGIN_IP_MAX_DAY: 1_000_000,
      LOG_LEVEL: 'error',
    },
    {
      payouts: createStripeConnect({
        secretKey: stripe.secretKey,
        apiBase: stripe.url,
        maxNetworkRetries: 0,
      }),
    },
  );
  // A generated hook URL must never be called: every request a test sends stays on this machine.
  await t.app.services.hookSender.stop();
  t.app.services.hookSender.kick = () => {};
  team = await seedTeam(t);
  // Ann is staff: her session gives its second factor, so the admin routes are fuzzed past the guard.
  await setUpSecondFactor(t, team.admin);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/services/smsGatewayCode',
    headers: team.admin.headers,
    payload: { value: '+14155552671' },
  });
  const registered = await t.app.inject({
    method: 'POST',
    url: `${MOBILE_API}/device`,
    headers: { authorization: `Code ${made.json().code}`, 'user-agent': 'me.capcom.smsgateway/1.68.0' },
    payload: { name: 'fuzz/phone', simCards: [] },
  });
  appHeaders = { authorization: `Bearer ${registered.json().token}` };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await maps?.close();
  await stripe?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('hostile input', () => {
  it('a NUL byte in a quick reply or a search, or half an emoji in a group name, is a 400 naming the field', async () => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/templates/addReply',
      headers: team.admin.headers,
      payload: { title: 'Probe', text: 'Hi\u0000there' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      code: 'VALIDATION',
      message: core.messages.input.unstorableCharacters,
      fields: [{ path: 'text', message: core.messages.input.unstorableCharacters }],
    });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns/getAll?search=a%00b',
      headers: team.admin.headers,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe(core.messages.input.unstorableCharacters);
    // A URL cannot carry half an emoji (bad UTF-8 decodes to U+FFFD); a JSON escape can.
    const group = await t.app.inject({
      method: 'PUT',
      url: '/api/templates/addGroup',
      headers: team.admin.headers,
      payload: { name: 'Leads \uD83D' },
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().fields).toEqual([
      { path: 'name', message: core.messages.input.unstorableCharacters },
    ]);
  });

  it(
    'no route answers a 5xx to NUL bytes, UTF-16 halves, wrong types, huge or deep bodies, or generated input',
    { timeout: 180_000 },
    async () => {
      // Logging out would end the caller's session for the routes after it: it goes last.
      const routes = t.app.routeList
        .filter((r) => r.method !== 'HEAD' && !STREAMS.includes(r.url))
        .sort((a, b) => Number(a.url === '/api/users/logout') - Number(b.url === '/api/users/logout'));
      // The public API v1 takes an API key, not a session (ADR 043): the fuzz calls it with one of every scope.
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/settings/apiKeys',
        headers: team.admin.headers,
        payload: { name: 'Fuzz', scopes: core.API_SCOPES },
      });
      const keyHeaders = { authorization: `Bearer ${made.json<{ key: string }>().key}` };
      const isV1 = (url: string) => url.startsWith('/api/v1/') && !url.startsWith('/api/v1/docs');
      const failures: string[] = [];
      const statuses: Record<string, number> = {};
      const unreached: string[] = [];
      let cases = 0;
      const started = Date.now();
      for (const r of routes) {
        const seen = new Set<number>();
        for (const c of casesFor(r, team)) {
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: c.url,
            headers: {
              ...(r.url.startsWith(MOBILE_API) && !(r.method === 'POST' && r.url === `${MOBILE_API}/device`)
                ? appHeaders
                : isV1(r.url)
                  ? keyHeaders
                  : team.admin.headers),
              ...(c.contentType ? { 'content-type': c.contentType } : {}),
            },
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          });
          cases++;
          seen.add(res.statusCode);
          statuses[`${String(res.statusCode)[0]}xx`] = (statuses[`${String(res.statusCode)[0]}xx`] ?? 0) + 1;
          if (res.statusCode >= 500)
            failures.push(
              `${r.method} ${r.url} [${c.name.slice(0, 60)}] → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
        if ([...seen].every((s) => s === 401)) unreached.push(`${r.method} ${r.url}`);
      }
      const failedRoutes = new Set(failures.map((f) => f.split(' [')[0]));
      process.stdout.write(
        `hostile input: ${routes.length} routes, ${cases} cases in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `${JSON.stringify(statuses)}; ${failedRoutes.size} routes answered 5xx\n` +
          (failures.length ? `${[...failedRoutes].join('\n')}\n` : ''),
      );
      expect(routes.length).toBeGreaterThan(80);
      // The sweep reaches past authentication and past validation: a fuzz that only ever met 401 or 400
      // would prove nothing.
      expect(unreached).toEqual([]);
      expect(statuses['2xx'] ?? 0).toBeGreaterThan(routes.length);
      expect(failures).toEqual([]);
    },
  );
});
