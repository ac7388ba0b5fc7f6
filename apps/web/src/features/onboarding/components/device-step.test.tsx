import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type DeviceDto } from '@prospector/core';
import { buildDevice, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRequest } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

/** Company, name and time zone are done: the onboarding resumes on the device step. */
const ann = buildUser({
  name: 'Ann Walker',
  team: { name: 'Sierra Realty', onboarded: false, timezone: 'America/Denver' },
});
const TOKEN = 'dv1.android-1.c2lnbmF0dXJlLW9mLXRoaXMtZGV2aWNl';
const MAC_TOKEN = 'dv1.mac-1.c2lnbmF0dXJlLW9mLXRoZS1tYWM';

/** A fake server that keeps the devices the step adds and answers their pairing. */
function fakeServer() {
  const state = { devices: [] as DeviceDto[] };
  const ok = (body: unknown) => ({ status: 200, body });
  const add = (device: DeviceDto) => {
    state.devices = [...state.devices, device];
    return ok({ message: messages.devices.added, device });
  };
  mockApi({
    'GET /api/users/me': ok({ user: ann }),
    'GET /api/services/devices': () => ok({ devices: state.devices }),
    'GET /api/templates': ok({ groups: [], templates: [], subTemplates: [], quickReplies: [], fields: [] }),
    'GET /api/settings/statuses': ok({ statuses: [] }),
    'POST /api/services/addNumber': (r: FakeRequest) => {
      const body = r.body as { phoneType: 'Android' | 'Apple'; value: string; macName?: string };
      return body.phoneType === 'Android'
        ? add(buildDevice({ _id: 'android-1', value: body.value, connected: false, pingedAt: null }))
        : add(
            buildDevice({
              _id: 'iphone-1',
              value: body.value,
              phoneType: 'Apple',
              macId: 'mac-1',
              macName: body.macName ?? null,
              connected: false,
              pingedAt: null,
            }),
          );
    },
    'POST /api/services/addBlueBubbles': (r: FakeRequest) => {
      const body = r.body as { value: string };
      const mac = buildDevice({
        _id: 'mac-bb',
        value: 'BlueBubbles 192.168.1.40:1234',
        phoneType: 'Apple',
        isComputer: true,
        transport: 'bluebubbles',
      });
      const iphone = buildDevice({
        _id: 'iphone-bb',
        value: body.value,
        phoneType: 'Apple',
        macId: 'mac-bb',
        macName: mac.value,
      });
      state.devices = [...state.devices, mac, iphone];
      return ok({ message: messages.devices.added, device: mac });
    },
    'POST /api/services/addMac': (r: FakeRequest) =>
      add(
        buildDevice({
          _id: 'mac-1',
          value: (r.body as { macName: string }).macName,
          phoneType: 'Apple',
          isComputer: true,
          connected: false,
          pingedAt: null,
        }),
      ),
    'GET /api/services/pairing/android-1': ok({
      agentDeviceId: 'android-1',
      agentName: '+19164567890',
      platform: 'android',
      serverUrl: 'https://crm.sierra.test',
      deviceToken: TOKEN,
    }),
    'GET /api/services/pairing/iphone-1': ok({
      agentDeviceId: 'mac-1',
      agentName: 'Office iMac',
      platform: 'macos',
      serverUrl: 'https://crm.sierra.test',
      deviceToken: MAC_TOKEN,
    }),
  });
  return state;
}

async function openDeviceStep() {
  const view = renderApp('/', { token: 'token-ann' });
  await screen.findByRole('heading', { name: 'Connect a device' });
  return view;
}

describe('the onboarding device step', () => {
  it('adds an Android phone right there and shows its app, its steps and its pairing token', async () => {
    fakeServer();
    const { user } = await openDeviceStep();
    expect(screen.queryByText(/Settings > Devices/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Android phone with Termux/ }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+1 (916) 456-7890');
    await user.click(screen.getByRole('button', { name: 'Add device' }));

    const pairing = within(await screen.findByRole('region', { name: 'Connect (916) 456-7890' }));
    expect(requestsTo('POST', '/api/services/addNumber')[0]?.body).toEqual({
      phoneType: 'Android',
      value: '+19164567890',
    });
    expect(pairing.getByRole('status')).toHaveTextContent('Waiting for the app');
    expect(pairing.getByRole('button', { name: 'Download app' })).toBeInTheDocument();
    expect(await pairing.findByText(/pkg install nodejs termux-api/)).toBeInTheDocument();
    expect(pairing.getByLabelText('Device token')).toHaveTextContent(TOKEN);
    expect(pairing.getByLabelText('Server address')).toHaveTextContent('https://crm.sierra.test');
  });

  it('adds a Mac with BlueBubbles right there: checked by the server, its iPhone listed connected', async () => {
    fakeServer();
    const { user } = await openDeviceStep();

    await user.click(screen.getByRole('button', { name: /Mac with BlueBubbles/ }));
    await user.type(screen.getByRole('textbox', { name: /Server URL/ }), 'http://192.168.1.40:1234');
    await user.type(screen.getByLabelText(/Server password/), 'bb-pass');
    await user.type(screen.getByRole('textbox', { name: /iPhone number or Apple ID/ }), '+19164567891');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    const list = within(await screen.findByRole('list', { name: 'Your devices' }));
    expect(await list.findByText('(916) 456-7891')).toBeInTheDocument();
    expect(list.getByText('Connected')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/addBlueBubbles')[0]?.body).toEqual({
      url: 'http://192.168.1.40:1234',
      password: 'bb-pass',
      value: '+19164567891',
    });
  });

  it("adds a Mac and its iPhone right there; the app and its token are the Mac's", async () => {
    fakeServer();
    const { user } = await openDeviceStep();

    await user.click(screen.getByRole('button', { name: /Mac \+ iPhone/ }));
    await user.type(screen.getByRole('textbox', { name: 'Computer name' }), 'Office iMac');
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    // The onboarding needs a phone to text from: a Mac alone is not enough.
    expect(await screen.findByText(messages.devices.invalidId)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/addMac')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'iPhone number or Apple ID' }), 'Ann@iCloud.com');
    await user.click(screen.getByRole('button', { name: 'Add device' }));

    const pairing = within(await screen.findByRole('region', { name: 'Connect ann@icloud.com' }));
    expect(requestsTo('POST', '/api/services/addMac')[0]?.body).toEqual({
      macName: 'Office iMac',
      isIntel: false,
    });
    expect(requestsTo('POST', '/api/services/addNumber')[0]?.body).toEqual({
      phoneType: 'Apple',
      value: 'ann@icloud.com',
      macName: 'Office iMac',
    });
    expect(pairing.getByText('iPhone · via Office iMac')).toBeInTheDocument();
    expect(await pairing.findByText(/Text Message Forwarding/)).toBeInTheDocument();
    expect(pairing.getByLabelText('Device token')).toHaveTextContent(MAC_TOKEN);
  });

  it('refuses an invalid number with the Settings > Devices message, without a call', async () => {
    fakeServer();
    const { user } = await openDeviceStep();

    await user.click(screen.getByRole('button', { name: /Android phone with Termux/ }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '916 456 7890');
    await user.click(screen.getByRole('button', { name: 'Add device' }));

    expect(await screen.findByText(messages.devices.invalidId)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/addNumber')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /Mac \+ iPhone/ })).toBeInTheDocument();
  });

  it('flips to connected on the devicesChanged event, and NEXT lets the user on only then', async () => {
    const state = fakeServer();
    const { user } = await openDeviceStep();
    await user.click(screen.getByRole('button', { name: /Android phone with Termux/ }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+19164567890{Enter}');
    const pairing = within(await screen.findByRole('region', { name: 'Connect (916) 456-7890' }));
    await pairing.findByLabelText('Device token');

    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    // Beside the toast that said the device was added.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        messages.onboarding.deviceRequired,
      ),
    );

    // The agent connects: the server flags the phone and tells the team's browsers.
    state.devices = state.devices.map((d) => ({ ...d, connected: true, pingedAt: new Date().toISOString() }));
    act(() => latestSocket().serverEmit('devicesChanged', {}));
    // Sooner than the step's 3 s fallback poll: the event did it.
    expect(await pairing.findByText('The app is connected', {}, { timeout: 2_800 })).toBeInTheDocument();
    expect(pairing.getByRole('status')).toHaveTextContent('Connected');

    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByRole('heading', { name: 'Subtemplates' })).toBeInTheDocument();
  });
});
