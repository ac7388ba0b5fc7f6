import { vi } from 'vitest';
import { z } from 'zod';
import * as core from '@prospector/core';
import type { Endpoint } from '@prospector/core';

export type FakeRequest = { method: string; path: string; body: unknown; token: string | null };
export type FakeReply = { status: number; body?: unknown };
/** A function may answer later (a Promise): a test can look at the screen while the call is pending. */
export type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export const DEFAULT_CONFIG = {
  contactEmail: 'support@prospector.test',
  bookDemoUrl: null,
  codesInServerLog: false,
  mapsConfigured: false,
  stripePublishableKey: null,
  geocoding: false,
  propertyInfoLookup: false,
  mapTileUrl: null,
  mapTileAttribution: '© OpenStreetMap contributors',
};

/**
 * Requests the fake server received, those it had no answer for, and its 200 answers that the
 * contract's response schema refuses (test bugs: the real server could not answer so).
 */
export const apiLog: { requests: FakeRequest[]; unhandled: string[]; offContract: string[] } = {
  requests: [],
  unhandled: [],
  offContract: [],
};

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value &&
    typeof (value.response as z.ZodType | undefined)?.safeParse === 'function'
  );
}

/** Every call of the contract, with its path as a pattern (`:name` stands for one segment). */
const CONTRACT = Object.values(core)
  .filter(isEndpoint)
  .map((endpoint) => ({
    endpoint,
    pattern: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    placeholders: (endpoint.path.match(/:/g) ?? []).length,
  }));

/**
 * The contract's endpoints a request may be for: none for a call outside the contract (a file
 * download); a literal path wins over a pattern that also matches it (`/api/items/get` over
 * `/api/items/:id`); two when one route takes two forms (editProfile's JSON and multipart).
 */
export function endpointsFor(method: string, path: string): Endpoint[] {
  const matches = CONTRACT.filter((c) => c.endpoint.method === method && c.pattern.test(path));
  const fewest = Math.min(...matches.map((c) => c.placeholders));
  return matches.filter((c) => c.placeholders === fewest).map((c) => c.endpoint);
}

/** A 200 must be an answer the real server could give: its endpoint's response schema says which. */
function checkAgainstContract(request: FakeRequest, reply: FakeReply): void {
  if (reply.status !== 200) return;
  const results = endpointsFor(request.method, request.path).map((e) => e.response.safeParse(reply.body));
  const refusal = results.every((r) => !r.success) ? results[0]?.error : undefined;
  if (refusal) apiLog.offContract.push(`${request.method} ${request.path}:\n${z.prettifyError(refusal)}`);
}

function toRequest(input: RequestInfo | URL, init: RequestInit = {}): FakeRequest {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const headers = new Headers(init.headers);
  const auth = headers.get('Authorization');
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    body:
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init.body instanceof FormData
          ? init.body
          : undefined,
    token: auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null,
  };
}

/**
 * What every logged-in screen asks for, answered empty unless a test says otherwise: the board of
 * the home route, the team's members, the notification bell, the devices (the shell's banner) and
 * the Messenger's unread count.
 */
export const LOGGED_IN_DEFAULTS: Record<string, FakeRoute> = {
  'POST /api/dashboard/get': { status: 200, body: { filterBy: null, columns: [] } },
  'GET /api/teams/members': { status: 200, body: { members: [] } },
  'GET /api/notifications': { status: 200, body: { notifications: [], unread: 0, unseen: 0 } },
  'GET /api/services/devices': { status: 200, body: { devices: [] } },
  // The top bar's chat icon and its unread count.
  'GET /api/chats': { status: 200, body: { widget: true, chats: [] } },
  // The staff's support inbox (its unread count is on their chat icon).
  'GET /api/chats/support': { status: 200, body: { chats: [] } },
  // The Messenger's counter in the navigation (admins and members with the messenger permission).
  'POST /api/items/get': { status: 200, body: { items: [], unread: 0, needsLook: 0 } },
  // The top bar's credits (admins and staff).
  'GET /api/billing/get': {
    status: 200,
    body: {
      plan: 'BASIC',
      credits: 0,
      paymentsConfigured: false,
      card: null,
      autoFill: false,
      load: null,
      lowerThan: null,
      autofillFailure: null,
      subscription: null,
    },
  },
  // The billing screen (Settings > Billing and /billing).
  'GET /api/billing/usage': {
    status: 200,
    body: {
      plan: 'BASIC',
      month: '2026-01',
      timeZone: 'UTC',
      sms: { used: 0, limit: 500 },
      calls: { used: 0, limit: 250 },
      users: { used: 1, limit: 2 },
    },
  },
  'GET /api/billing/history': { status: 200, body: { entries: [], total: 0 } },
  // Reply labels (issue 31): the board's temperatures, the thread's chips, the Messenger's counts.
  'POST /api/replies/temperatures': { status: 200, body: { temperatures: {} } },
  'GET /api/replies/labels': { status: 200, body: { labels: [] } },
  'GET /api/replies/counts': {
    status: 200,
    body: { counts: Object.fromEntries(core.REPLY_LABELS.map((l) => [l, 0])), needsLook: 0 },
  },
  // Settings > Other shows the public API's keys to admins (issue 33).
  'GET /api/settings/apiKeys': { status: 200, body: { keys: [] } },
  // …and the webhook endpoints with their delivery logs (ADR 045).
  'GET /api/settings/webhooks': { status: 200, body: { endpoints: [] } },
  // …and the team's own calling and texting hours (issue 32).
  'GET /api/users/contactHours': { status: 200, body: { startHour: null, endHour: null } },
  'GET /api/replies/actions': { status: 200, body: { settings: core.defaultReplyActions([]) } },
  'GET /api/replies/accuracy': {
    status: 200,
    body: { corrections: 0, measuredOn: 0, teamModel: null, baseModel: null },
  },
  'GET /api/replies/backlog': { status: 200, body: { received: 0, labelled: 0 } },
};

/**
 * Replaces fetch with a fake server answering by "METHOD /path". GET /api/config answers with
 * DEFAULT_CONFIG, and the calls of LOGGED_IN_DEFAULTS with empty answers, unless a test overrides them.
 * A 200 for a contract call must pass the call's response schema, or the test fails (setup.ts).
 */
export function mockApi(routes: Record<string, FakeRoute> = {}): void {
  const all: Record<string, FakeRoute> = {
    'GET /api/config': { status: 200, body: DEFAULT_CONFIG },
    ...LOGGED_IN_DEFAULTS,
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = toRequest(input, init);
      apiLog.requests.push(request);
      const key = `${request.method} ${request.path}`;
      const route = all[key];
      if (!route) {
        apiLog.unhandled.push(key);
        return new Response(null, { status: 599 });
      }
      const reply = typeof route === 'function' ? await route(request) : route;
      checkAgainstContract(request, reply);
      const text = reply.body === undefined ? null : JSON.stringify(reply.body);
      return new Response(text, { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

export function requestsTo(method: string, path: string): FakeRequest[] {
  return apiLog.requests.filter((r) => r.method === method && r.path === path);
}
