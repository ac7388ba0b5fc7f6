import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type UserCallSettingsDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const IDLE = {
  active: false,
  dialling: false,
  paused: false,
  onCall: false,
  selectedVm: null,
  activeCall: null,
  ringing: [],
  lines: 2,
  incoming: [],
  notice: null,
};

function setUp(me: object = IDLE, settings: Partial<UserCallSettingsDto> = {}, withVm = true) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser({ role: 'admin' }) } },
    'GET /api/calls/dialler': {
      status: 200,
      body: {
        provider: 'simulated',
        numbers: [{ _id: 'n-1', number: '+12125550100' }],
        members: [],
        me: { ...IDLE, ...me },
        queue: [],
        waiting: { callable: 0, groups: [], nextCallAt: null, timezone: 'America/New_York' },
        voicemails: withVm
          ? [
              {
                _id: 'vm-1',
                name: 'Spring intro',
                userId: 'u-1',
                size: 900,
                createdAt: '2026-01-01T00:00:00Z',
              },
            ]
          : [],
      },
    },
    'GET /api/calls/settings': {
      status: 200,
      body: {
        settings: {
          noStatusCalls: false,
          forwardOnly: false,
          forwardNumber: null,
          defaultVm: null,
          ...settings,
        },
      },
    },
    'PATCH /api/calls/settings': (req) => {
      const b = req.body as UserCallSettingsDto;
      return { status: 200, body: { settings: { ...b, forwardNumber: b.forwardNumber && '+19165550142' } } };
    },
  });
  return renderApp('/dialler', { token: 'token-ann' });
}

describe('the dialler: my call settings', () => {
  it('saves noStatusCalls, forwardOnly with a number, and the default voicemail', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Call settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'My call settings' }));
    await user.click(await dialog.findByRole('switch', { name: /Skip records with no status/ }));
    await user.click(dialog.getByRole('switch', { name: /Forward my calls to my phone/ }));
    // forwardOnly needs a number to forward to.
    expect(dialog.getByText(messages.dialler.forwardNumberRequired)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: /My phone number/ }), '(916) 555-0142');
    await user.click(dialog.getByRole('combobox', { name: /Default voicemail/ }));
    await user.click(screen.getByRole('option', { name: 'Spring intro', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('PATCH', '/api/calls/settings')[0]!.body).toEqual({
      noStatusCalls: true,
      forwardOnly: true,
      forwardNumber: '(916) 555-0142',
      defaultVm: 'vm-1',
    });
  });

  it('opens with the saved settings', async () => {
    const { user } = setUp(IDLE, { noStatusCalls: true, forwardNumber: '+19165550142', defaultVm: 'vm-1' });
    await user.click(await screen.findByRole('button', { name: 'Call settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'My call settings' }));
    expect(await dialog.findByRole('switch', { name: /Skip records with no status/ })).toBeChecked();
    expect(dialog.getByRole('switch', { name: /Forward my calls/ })).not.toBeChecked();
    expect(dialog.getByRole('textbox', { name: /My phone number/ })).toHaveValue('+19165550142');
    expect(dialog.getByRole('combobox', { name: /Default voicemail/ })).toHaveValue('Spring intro');
  });

  it('says why dialling stopped when the plan has no call left', async () => {
    setUp(
      { active: true, paused: true, notice: "Your plan's limit of 250 calls this month is reached." },
      {},
      false,
    );
    expect(
      await screen.findByText("Your plan's limit of 250 calls this month is reached."),
    ).toBeInTheDocument();
    expect(screen.getByText('Dialling stopped')).toBeInTheDocument();
  });
});
