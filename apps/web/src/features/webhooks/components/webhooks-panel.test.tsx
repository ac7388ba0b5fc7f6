import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const ENDPOINT = {
  _id: '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  kind: 'subscription',
  url: 'https://hooks.zapier.com/hooks/standard/1/abc/',
  events: ['message.received'],
  disabledAt: null,
  previousSecretUntil: null,
  createdAt: '2026-11-28T15:00:00.000Z',
};
const DELIVERY = {
  _id: '9b2d3c1e-5f4a-4b6c-8d7e-0a1b2c3d4e5f',
  messageId: 'msg_9b2d3c1e5f4a4b6c8d7e0a1b2c3d4e5f',
  eventType: 'message.received',
  state: 'failed',
  createdAt: '2026-11-28T15:00:00.000Z',
  nextAttemptAt: null,
  attempts: [
    {
      _id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4be1',
      at: '2026-11-28T15:00:00.000Z',
      statusCode: 500,
      durationMs: 31,
      response: 'upstream down',
    },
    {
      _id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4be2',
      at: '2026-11-28T15:00:05.000Z',
      statusCode: null,
      durationMs: 10_000,
      response: 'no answer in 10 s',
    },
  ],
};

function setUp() {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/users/integrations': {
      status: 200,
      body: { pushHook: '', inboundHook: '', outboundHook: '', podioHook: '', apiKey: 'pk_key-456' },
    },
    'GET /api/settings/webhooks': { status: 200, body: { endpoints: [ENDPOINT] } },
    [`GET /api/settings/webhooks/${ENDPOINT._id}/deliveries`]: {
      status: 200,
      body: { deliveries: [DELIVERY] },
    },
    [`POST /api/settings/webhooks/deliveries/${DELIVERY._id}/resend`]: {
      status: 200,
      body: { ...DELIVERY, state: 'pending' },
    },
    [`POST /api/settings/webhooks/${ENDPOINT._id}/rotate`]: {
      status: 200,
      body: { secret: 'whsec_bmV3IHNlY3JldCBuZXcgc2VjcmV0IG5ldyBz', endpoint: ENDPOINT },
    },
  });
  return renderApp('/settings/other', { token: 'token-ann' });
}

describe('the webhooks delivery log', () => {
  it("shows each attempt's status, duration and the answer's first bytes, and resends a delivery", async () => {
    const { user } = setUp();
    const card = await screen.findByRole(
      'article',
      { name: `Subscription ${ENDPOINT.url}` },
      { timeout: 20_000 }, // the lazy Settings route, on a loaded machine
    );
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const log = await within(card).findByRole('list', { name: 'Delivery log' }, { timeout: 15_000 });
    expect(await within(log).findByText('upstream down', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(log).getByText('500')).toBeInTheDocument();
    expect(within(log).getByText('10000 ms')).toBeInTheDocument();
    expect(within(log).getByText('no answer in 10 s')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: `Resend ${DELIVERY.messageId}` }));
    expect(requestsTo('POST', `/api/settings/webhooks/deliveries/${DELIVERY._id}/resend`)).toHaveLength(1);
  }, 40_000);

  it('shows a rotated secret once, saying the old one still signs for 24 hours', async () => {
    const { user } = setUp();
    const card = await screen.findByRole(
      'article',
      { name: `Subscription ${ENDPOINT.url}` },
      { timeout: 20_000 }, // the lazy Settings route, on a loaded machine
    );
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(card).findByText('whsec_bmV3IHNlY3JldCBuZXcgc2VjcmV0IG5ldyBz')).toBeInTheDocument();
    expect(within(card).getByText(/still signs beside it for 24 hours/)).toBeInTheDocument();
  }, 40_000);
});
