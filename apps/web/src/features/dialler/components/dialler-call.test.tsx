import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallDto } from '@prospector/core';
import { buildItem, buildMessage, buildUser } from '../../../test/factories';
import { mockApi } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const ITEM_ID = '33333333-3333-4333-8333-333333333333';
const LOAD = { timeout: 10_000 };

const call = (overrides: Partial<CallDto> = {}): CallDto => ({
  _id: 'call-1',
  itemId: ITEM_ID,
  direction: 'out',
  phone: '+19164567890',
  from: '+12125550100',
  sid: 'CA1',
  status: 'Done',
  startedAt: '2026-01-05T10:00:00.000Z',
  answeredAt: '2026-01-05T10:00:05.000Z',
  endedAt: '2026-01-05T10:00:42.000Z',
  durationMs: 37_000,
  name: 'Jane Doe',
  ...overrides,
});

function setUp(activeCall: CallDto | null, queue: object[] = [], active = true) {
  const callNote = buildMessage({
    _id: 'm-call',
    itemId: ITEM_ID,
    comment: false,
    system: true,
    body: 'Outgoing call · Done · 0:37',
  });
  let thread = [] as ReturnType<typeof buildMessage>[];
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser({ role: 'admin' }) } },
    'GET /api/calls/dialler': {
      status: 200,
      body: {
        provider: 'simulated',
        numbers: [{ _id: 'n-1', number: '+12125550100' }],
        members: [],
        me: {
          active,
          dialling: false,
          paused: active,
          onCall: false,
          selectedVm: null,
          activeCall,
          ringing: [],
          lines: 2,
          incoming: [],
          notice: null,
        },
        queue,
        waiting: { callable: 0, groups: [], nextCallAt: null, timezone: 'America/New_York' },
        voicemails: [],
      },
    },
    [`GET /api/items/${ITEM_ID}`]: () => ({
      status: 200,
      body: { item: buildItem({ _id: ITEM_ID }), messages: thread, tasks: [], sections: [] },
    }),
  });
  const app = renderApp('/dialler', { token: 'token-ann' });
  return {
    ...app,
    /** The server writes the call's note to the thread once the call has ended, and says so. */
    noteTheCall: () => {
      thread = [callNote];
      act(() => latestSocket().serverEmit('messageAdded', { itemId: ITEM_ID, message: callNote }));
    },
  };
}

// jsdom plays no audio: the line's tones (a live call plays one) resolve at once.
beforeAll(() => {
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
});

describe('the dialler after a call', () => {
  it("shows the call just made in the contact's History", async () => {
    const { noteTheCall } = setUp(call());
    const history = (await screen.findByRole('heading', { name: 'History' }, LOAD)).parentElement!;
    expect(await within(history).findByText(/No texts, comments or calls/)).toBeInTheDocument();

    noteTheCall();

    expect(await within(history).findByText('Outgoing call · Done · 0:37')).toBeInTheDocument();
  });

  it("says the timer shows the last call's length once it has ended", async () => {
    setUp(call());
    const timer = await screen.findByLabelText('Call timer', undefined, LOAD);
    expect(timer).toHaveTextContent('0:37');
    expect(timer).toHaveTextContent('Last call');
  });

  it('shows a queued contact whose call was answered as In call, not Ringing', async () => {
    setUp(call({ status: 'In call', endedAt: null, durationMs: 0 }), [
      {
        itemId: ITEM_ID,
        name: 'Jane Doe',
        phone: '+19164567890',
        callStatus: 'Ringing',
        campaignType: 'Call',
        campaignId: null,
        queuedAt: '2026-01-05T09:00:00.000Z',
      },
    ]);
    const entry = await screen.findByTestId('queue-entry', undefined, LOAD);
    expect(entry).toHaveTextContent('In call');
    expect(entry).not.toHaveTextContent('Ringing');
  });

  it("shows the team's caller ID as the app shows every phone, not in E.164", async () => {
    setUp(null, [], false);
    expect(await screen.findByText('Caller ID: (212) 555-0100', undefined, LOAD)).toBeInTheDocument();
  });
});
