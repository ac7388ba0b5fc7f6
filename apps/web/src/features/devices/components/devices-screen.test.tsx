import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, type DeviceDto } from '@prospector/core';
import { buildDevice, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const MAC = buildDevice({
  _id: 'mac-1',
  value: 'Office iMac',
  phoneType: 'Apple',
  isComputer: true,
  sentToday: 12,
  receivedToday: 3,
});
const IPHONE = buildDevice({
  _id: 'iphone-1',
  value: '+19165550111',
  phoneType: 'Apple',
  macName: 'Office iMac',
  macId: 'mac-1',
});
const ANDROID = buildDevice({ _id: 'android-1', value: '+19165550100', sentToday: 4, receivedToday: 1 });
const OFFLINE_ANDROID = buildDevice({
  _id: 'android-2',
  value: '+442079460958',
  connected: false,
  pingedAt: null,
});
const ALL = [MAC, IPHONE, ANDROID, OFFLINE_ANDROID];

function setUp(routes: Record<string, FakeRoute> = {}, devices: DeviceDto[] = ALL) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/services/devices': { status: 200, body: { devices } },
    ...routes,
  });
  return renderApp('/settings/devices', { token: 'token-ann' });
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

function rowOf(name: string) {
  const row = screen.getByRole('checkbox', { name: `Select ${name}` }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return within(row);
}

async function openAddDevice(
  user: ReturnType<typeof setUp>['user'],
  kind: RegExp = /Android phone with Termux/,
) {
  await user.click(await screen.findByRole('button', { name: 'Add device' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add device' }));
  await user.click(dialog.getByRole('button', { name: kind }));
  return dialog;
}

describe('Settings > Devices', () => {
  it('lists each Mac with its iPhones, then the Android phones, with their connection', async () => {
    setUp();

    const apple = await section('Apple computers');
    const appleRows = apple.getAllByRole('row').slice(1);
    expect(appleRows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Office iMac'),
      expect.stringContaining('(916) 555-0111'),
    ]);
    expect(appleRows[0]).toHaveTextContent(/12 sent\s*3 received/);
    expect(rowOf('(916) 555-0111').getByText('iPhone · via Office iMac')).toBeInTheDocument();

    const android = await section('Android devices');
    expect(android.getAllByRole('row')).toHaveLength(3);
    expect(rowOf('(916) 555-0100').getByText('Connected')).toBeInTheDocument();
    expect(rowOf('(916) 555-0100').getByText(/^Last ping/)).toBeInTheDocument();
    expect(rowOf('+44 20 7946 0958').getByText('Disconnected')).toBeInTheDocument();
    expect(rowOf('+44 20 7946 0958').getByText('Never connected')).toBeInTheDocument();
    expect(rowOf('+44 20 7946 0958').getByRole('button', { name: /Download app/ })).toBeInTheDocument();
  });

  it("names the app each phone texts through, and offers our app's download only to our agent's devices", async () => {
    const bbMac = buildDevice({
      _id: 'mac-bb',
      value: 'BlueBubbles 192.168.1.20:1234',
      phoneType: 'Apple',
      isComputer: true,
      transport: 'bluebubbles',
    });
    const bbPhone = buildDevice({
      _id: 'iphone-bb',
      value: '+19165550122',
      phoneType: 'Apple',
      macName: bbMac.value,
      macId: 'mac-bb',
    });
    const app = buildDevice({ _id: 'android-app', value: '+19165550133', transport: 'sms_gateway' });
    const local = buildDevice({
      _id: 'android-local',
      value: '+19165550144',
      transport: 'sms_gateway_local',
    });
    setUp({}, [bbMac, bbPhone, app, local, ANDROID]);

    await section('Apple computers');
    expect(rowOf('(916) 555-0122').getByText('BlueBubbles')).toBeInTheDocument();
    expect(rowOf('(916) 555-0122').queryByRole('button', { name: /Download app/ })).not.toBeInTheDocument();
    expect(rowOf('(916) 555-0133').getByText('SMS Gateway app')).toBeInTheDocument();
    expect(rowOf('(916) 555-0144').getByText('SMS Gateway app, local server')).toBeInTheDocument();
    expect(rowOf('(916) 555-0144').queryByRole('button', { name: /Download app/ })).not.toBeInTheDocument();
    expect(rowOf('(916) 555-0100').getByRole('button', { name: /Download app/ })).toBeInTheDocument();
  });

  it('explains what a device is and how to connect one when the team has none', async () => {
    const { user } = setUp({}, []);

    expect(await screen.findByRole('heading', { name: 'No devices yet' })).toBeInTheDocument();
    expect(screen.getByText(/free SMS Gateway app/)).toBeInTheDocument();
    expect(screen.getByText(/runs BlueBubbles Server/)).toBeInTheDocument();
    expect(screen.queryByText(/Termux/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove selected' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByRole('dialog', { name: 'Add device' })).toBeInTheDocument();
  });

  it('adds a simulated phone in one click when the team has no phone at hand', async () => {
    const simulated = buildDevice({ _id: 'sim-1', value: '+19165550100', simulated: true });
    let devices: DeviceDto[] = [];
    const { user } = setUp({
      'GET /api/services/devices': () => ({ status: 200, body: { devices } }),
      'POST /api/services/addSimulatedPhone': () => {
        devices = [simulated];
        return { status: 200, body: { message: messages.devices.simulatedAdded, device: simulated } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Add a simulated phone' }));

    expect(await screen.findByText(messages.devices.simulatedAdded)).toBeInTheDocument();
    expect(await screen.findByText('(916) 555-0100')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/addSimulatedPhone')).toHaveLength(1);
  });

  it('offers the SMS Gateway app first: a number, then its steps with the API URL and a code, until it connects', async () => {
    const phone = buildDevice({
      _id: 'app-1',
      value: '+19164567890',
      transport: 'sms_gateway',
      connected: false,
      pingedAt: null,
    });
    let devices: DeviceDto[] = [];
    const { user } = setUp({
      'GET /api/services/devices': () => ({ status: 200, body: { devices } }),
      'POST /api/services/smsGatewayCode': () => {
        devices = [phone];
        return {
          status: 200,
          body: {
            device: phone,
            code: '1234 5678',
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
            apiUrl: 'https://crm.example.com/api/mobile/v1',
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add device' }));
    const choices = dialog.getAllByRole('button').map((b) => b.textContent ?? '');
    expect(choices.findIndex((c) => c.includes(messages.devices.smsGateway.option))).toBeLessThan(
      choices.findIndex((c) => c.includes('Android phone with Termux')),
    );
    await user.click(
      dialog.getByRole('button', { name: new RegExp(`^${messages.devices.smsGateway.option}(?!,)`) }),
    );
    await user.type(
      dialog.getByRole('textbox', { name: messages.devices.smsGateway.phoneLabel }),
      '+1 916 456 7890',
    );
    await user.click(dialog.getByRole('button', { name: messages.devices.smsGateway.getCode }));

    expect(await dialog.findByLabelText('Login Code')).toHaveTextContent('1234 5678');
    expect(dialog.getByLabelText('API URL')).toHaveTextContent('https://crm.example.com/api/mobile/v1');
    expect(dialog.getByText(messages.devices.smsGateway.channel)).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent(messages.devices.smsGateway.waiting);
    expect(requestsTo('POST', '/api/services/smsGatewayCode')[0]?.body).toEqual({ value: '+1 916 456 7890' });

    // The phone signs in: the devices list says so and the dialog flips.
    devices = [{ ...phone, connected: true, pingedAt: new Date().toISOString() }];
    act(() => latestSocket().serverEmit('devicesChanged', {}));
    await waitFor(() => expect(dialog.getByRole('status')).toHaveTextContent('Connected'));
    expect(dialog.getByText(messages.devices.smsGateway.connected)).toBeInTheDocument();
  });

  it('refuses an invalid device ID as it is typed, without a call', async () => {
    const { user } = setUp();
    const dialog = await openAddDevice(user);

    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '916 456 7890');
    await user.tab();
    expect(dialog.getByText(messages.devices.invalidId)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Add device' }));
    expect(requestsTo('POST', '/api/services/addNumber')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+1 (916) 456-7890');
    expect(dialog.queryByText(messages.devices.invalidId)).not.toBeInTheDocument();
  });

  it('adds an Android phone in E.164, says so, then shows how to connect its app', async () => {
    const added = buildDevice({ _id: 'android-9', value: '+19164567890', connected: false, pingedAt: null });
    const { user } = setUp({
      'POST /api/services/addNumber': {
        status: 200,
        body: { message: messages.devices.added, device: added },
      },
      'GET /api/services/pairing/android-9': {
        status: 200,
        body: {
          agentDeviceId: 'android-9',
          agentName: '+19164567890',
          platform: 'android',
          serverUrl: 'https://crm.sierra.test',
          deviceToken: 'dv1.android-9.c2lnbmF0dXJl',
        },
      },
    });
    const dialog = await openAddDevice(user);

    await user.type(dialog.getByRole('textbox', { name: 'Phone number' }), '+1 (916) 456-7890{Enter}');

    expect(await screen.findByText(messages.devices.added)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/addNumber')[0]?.body).toEqual({
      phoneType: 'Android',
      value: '+19164567890',
    });
    expect(await dialog.findByLabelText('Device token')).toHaveTextContent('dv1.android-9.c2lnbmF0dXJl');
    expect(dialog.getByRole('status')).toHaveTextContent('Waiting for the app');
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add device' })).not.toBeInTheDocument());
  });

  it('adds a new Mac, then its iPhone by Apple ID', async () => {
    const newMac = buildDevice({ _id: 'mac-2', value: 'Studio', phoneType: 'Apple', isComputer: true });
    const { user } = setUp({
      'POST /api/services/addMac': { status: 200, body: { message: messages.devices.added, device: newMac } },
      'POST /api/services/addNumber': {
        status: 200,
        body: { message: messages.devices.added, device: buildDevice({ phoneType: 'Apple' }) },
      },
      'GET /api/services/pairing/device-1': {
        status: 200,
        body: {
          agentDeviceId: 'mac-2',
          agentName: 'Studio',
          platform: 'macos',
          serverUrl: 'https://crm.sierra.test',
          deviceToken: 'dv1.mac-2.c2lnbmF0dXJl',
        },
      },
    });
    const dialog = await openAddDevice(user, /Mac \+ iPhone/);

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Computer' }), 'Add a new computer…');
    await user.type(dialog.getByRole('textbox', { name: 'Computer name' }), 'Studio');
    await user.click(dialog.getByRole('checkbox', { name: 'This Mac has an Intel processor' }));
    await user.type(dialog.getByRole('textbox', { name: 'iPhone number or Apple ID' }), 'Ann@iCloud.com');
    await user.click(dialog.getByRole('button', { name: 'Add device' }));

    expect(await screen.findByText(messages.devices.added)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/addMac')[0]?.body).toEqual({ macName: 'Studio', isIntel: true });
    expect(requestsTo('POST', '/api/services/addNumber')[0]?.body).toEqual({
      phoneType: 'Apple',
      value: 'ann@icloud.com',
      macName: 'Studio',
    });
  });

  it("shows the server's answer when the device was already added", async () => {
    const { user } = setUp({
      'POST /api/services/addNumber': {
        status: 409,
        body: { code: 'DEVICE_DUPLICATE', message: messages.devices.duplicate },
      },
    });
    const dialog = await openAddDevice(user, /Mac \+ iPhone/);

    expect(dialog.getByRole('combobox', { name: 'Computer' })).toHaveValue('mac-1');
    await user.type(dialog.getByRole('textbox', { name: 'iPhone number or Apple ID' }), '+19165550199');
    await user.click(dialog.getByRole('button', { name: 'Add device' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(messages.devices.duplicate);
    expect(requestsTo('POST', '/api/services/addNumber')[0]?.body).toEqual({
      phoneType: 'Apple',
      value: '+19165550199',
      macName: 'Office iMac',
    });
  });

  it('asks before removing the selected devices, then sends their values', async () => {
    let devices = ALL;
    const { user } = setUp({
      'GET /api/services/devices': () => ({ status: 200, body: { devices } }),
      'POST /api/services/removeNumbers': () => {
        devices = [ANDROID];
        return { status: 200, body: { removed: 3 } };
      },
    });
    const remove = await screen.findByRole('button', { name: 'Remove selected' });
    expect(remove).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select Office iMac' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select +44 20 7946 0958' }));
    await user.click(remove);

    const dialog = within(await screen.findByRole('dialog', { name: 'Remove devices' }));
    expect(dialog.getByText(/A computer’s iPhones are removed with it/)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/removeNumbers')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByText('Office iMac')).not.toBeInTheDocument());
    expect(requestsTo('POST', '/api/services/removeNumbers')[0]?.body).toEqual({
      phones: ['Office iMac', '+442079460958'],
    });
    expect(screen.getByRole('button', { name: 'Remove selected' })).toBeDisabled();
  });

  it('fetches the devices again when one connects', async () => {
    let devices = [OFFLINE_ANDROID];
    setUp({ 'GET /api/services/devices': () => ({ status: 200, body: { devices } }) });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();

    devices = [{ ...OFFLINE_ANDROID, connected: true, pingedAt: '2026-01-05T10:00:00.000Z' }];
    act(() => latestSocket().serverEmit('devicesChanged', {}));

    expect(await screen.findByText('Connected')).toBeInTheDocument();
  });

  it("saves a device's app as a zip file", async () => {
    const saved: { name: string; href: string }[] = [];
    // jsdom has no object URLs and cannot download: record what would be saved.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:agent' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const { user } = setUp({ 'GET /api/services/downloadApp/mac-1': { status: 200, body: 'zip' } });
    await section('Apple computers');

    await user.click(rowOf('Office iMac').getByRole('button', { name: /Download app/ }));

    await waitFor(() => expect(saved).toEqual([{ name: 'prospector-agent.zip', href: 'blob:agent' }]));
    expect(requestsTo('GET', '/api/services/downloadApp/mac-1')[0]?.token).toBe('token-ann');
  });

  it('says so when the app of a device is not ready to download yet', async () => {
    const { user } = setUp({
      'GET /api/services/downloadApp/android-1': {
        status: 409,
        body: { code: 'APP_NOT_READY', message: messages.devices.notReady },
      },
    });
    await section('Android devices');

    await user.click(rowOf('(916) 555-0100').getByRole('button', { name: /Download app/ }));

    expect(await screen.findByText(messages.devices.notReady)).toBeInTheDocument();
    expect(requestsTo('GET', '/api/services/downloadApp/android-1')[0]?.token).toBe('token-ann');
  });
});
