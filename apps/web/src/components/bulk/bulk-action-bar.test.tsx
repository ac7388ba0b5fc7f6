import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLY_LABELS, type BulkJobDto, type CurrentUser } from '@prospector/core';
import { buildInboxRow, buildUser } from '../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../test/fake-api';
import { latestSocket } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';

const JOB = '55555555-5555-4555-8555-555555555555';

const job = (over: Partial<BulkJobDto>): BulkJobDto => ({
  _id: JOB,
  action: 'export',
  state: 'running',
  total: 1,
  done: 0,
  changed: 0,
  skipped: {},
  result: null,
  undoUntil: null,
  createdAt: '2026-11-28T18:00:00.000Z',
  ...over,
});

let downloads: { name: string; content: string }[] = [];
const blobs = new Map<string, Blob>();
beforeEach(() => {
  downloads = [];
  blobs.clear();
  // jsdom has neither object URLs nor downloads: record what the browser would save instead.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((content) => downloads.push({ name: this.download, content }));
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function setUp(user: CurrentUser, routes: Record<string, FakeRoute> = {}) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'POST /api/items/countExport': { status: 200, body: { statuses: [] } },
    'POST /api/items/get': {
      status: 200,
      body: { items: [buildInboxRow({ title: 'Jane Doe' })], unread: 1, needsLook: 0 },
    },
    'GET /api/replies/counts': {
      status: 200,
      body: { counts: Object.fromEntries(REPLY_LABELS.map((l) => [l, 0])), needsLook: 0 },
    },
    // What an action may name: the members, statuses and lists.
    'GET /api/settings/statuses': { status: 200, body: { statuses: [] } },
    'POST /api/lists/get': { status: 200, body: { lists: [], hasMore: false } },
    'POST /api/bulk/count': { status: 200, body: { count: 1 } },
    ...routes,
  });
  return renderApp('/messenger', { token: 'token-ann' });
}

async function chooseAction(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select Jane Doe' }));
  await user.click(screen.getByRole('combobox', { name: 'Action' }));
}

describe('the bulk action bar', () => {
  it('offers a member only the actions their permissions let them start', async () => {
    const { user } = setUp(buildUser({ role: 'member', permissions: ['messenger'] }));
    await chooseAction(user);
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Assign to', 'Unassign', 'Set status', 'Export CSV']);
  });

  it('offers an admin every action, queueing for calls and launching a campaign among them', async () => {
    const { user } = setUp(buildUser());
    await chooseAction(user);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Assign to',
      'Unassign',
      'Set status',
      'Add to list',
      'Queue for calls',
      'Launch a campaign',
      'Export CSV',
      'Mark DNC',
      'Delete',
    ]);
  });

  it("exports the selection, then downloads the job's file from its result", async () => {
    const { user } = setUp(buildUser(), {
      'POST /api/bulk/start': { status: 200, body: job({}) },
      [`GET /api/bulk/job/${JOB}/export`]: {
        status: 200,
        body: { fileName: 'Selection 2026-11-28.csv', csv: 'Name\r\nJane Doe\r\n', rows: 1 },
      },
    });
    await chooseAction(user);
    await user.click(screen.getByRole('option', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requestsTo('POST', '/api/bulk/start')).toHaveLength(1));
    expect(requestsTo('POST', '/api/bulk/start')[0]?.body).toMatchObject({ action: { type: 'export' } });

    act(() =>
      latestSocket().serverEmit('bulkProgress', {
        job: job({ state: 'done', done: 1, changed: 1, result: '1 exported' }),
      }),
    );
    expect(await screen.findByText('1 exported')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('Selection 2026-11-28.csv');
    expect(downloads[0]?.content).toContain('Jane Doe');
  });

  it("queues an admin's selection for the caller they choose, Me by default, and says whose calls they went to", async () => {
    const MAYA = '66666666-6666-4666-8666-666666666666';
    const member = (_id: string, name: string, mayCall: boolean) => ({
      _id,
      name,
      email: `${name.toLowerCase()}@acme.test`,
      avatar: null,
      role: 'member' as const,
      mayCall,
    });
    const { user } = setUp(buildUser(), {
      'GET /api/teams/members': {
        status: 200,
        body: {
          members: [
            { ...member('user-1', 'Ann Walker', true), role: 'admin' },
            member(MAYA, 'Maya', true),
            member('77777777-7777-4777-8777-777777777777', 'Sam', false),
          ],
        },
      },
      'POST /api/bulk/start': { status: 200, body: job({ action: 'queueCalls' }) },
    });
    await chooseAction(user);
    await user.click(screen.getByRole('option', { name: 'Queue for calls' }));
    const caller = screen.getByRole('combobox', { name: 'Caller' });
    expect(caller).toHaveValue('Me');
    await user.click(caller);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Me', 'Maya']),
    );
    await user.click(screen.getByRole('option', { name: 'Maya' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requestsTo('POST', '/api/bulk/start')).toHaveLength(1));
    expect(requestsTo('POST', '/api/bulk/start')[0]?.body).toMatchObject({
      action: { type: 'queueCalls', memberId: MAYA },
    });
    const result = "120 queued for Maya's calls; 3 skipped: no phone";
    act(() =>
      latestSocket().serverEmit('bulkProgress', {
        job: job({ action: 'queueCalls', state: 'done', done: 123, changed: 120, result }),
      }),
    );
    expect(await screen.findByText(result)).toBeInTheDocument();
  });

  it("queues a member's selection into their own queue, with no caller to choose", async () => {
    const { user } = setUp(buildUser({ role: 'member', permissions: ['messenger', 'calls'] }), {
      'POST /api/bulk/start': { status: 200, body: job({ action: 'queueCalls' }) },
    });
    await chooseAction(user);
    await user.click(screen.getByRole('option', { name: 'Queue for calls' }));
    expect(screen.queryByRole('combobox', { name: 'Caller' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requestsTo('POST', '/api/bulk/start')).toHaveLength(1));
    expect(requestsTo('POST', '/api/bulk/start')[0]?.body).toEqual(
      expect.objectContaining({ action: { type: 'queueCalls' } }),
    );
  });
});
