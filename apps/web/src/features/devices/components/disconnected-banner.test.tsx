import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type DeviceDto } from '@prospector/core';
import { buildDevice, buildUser } from '../../../test/factories';
import { mockApi } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const MAC = buildDevice({ _id: 'mac-1', value: 'Office iMac', phoneType: 'Apple', isComputer: true });
const IPHONE = buildDevice({
  _id: 'iphone-1',
  value: '+19165550111',
  phoneType: 'Apple',
  macName: 'Office iMac',
  macId: 'mac-1',
});
const ANDROID = buildDevice({ _id: 'android-1', value: '+19165550100' });

function setUp(devices: () => DeviceDto[]) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/services/devices': () => ({ status: 200, body: { devices: devices() } }),
  });
  return renderApp('/', { token: 'token-ann' });
}

describe('disconnected devices banner', () => {
  it('names the Android phones and Macs that are not connected', async () => {
    setUp(() => [
      { ...MAC, connected: false },
      { ...IPHONE, connected: false },
      ANDROID,
      buildDevice({ _id: 'android-2', value: '+19165550122', connected: false }),
    ]);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(messages.devices.disconnected);
    const named = within(within(banner).getByRole('list', { name: 'Disconnected devices' })).getAllByRole(
      'listitem',
    );
    expect(named.map((li) => li.textContent)).toEqual(['Office iMac', '(916) 555-0122']);
    expect(banner).not.toHaveTextContent('(916) 555-0111');
    // 'write support' leads somewhere real: a mail to the product's support address, never the user's own phone.
    expect(within(banner).getByRole('link', { name: messages.devices.contactSupport })).toHaveAttribute(
      'href',
      'mailto:support@prospector.test',
    );
  });

  it('can be closed for the session, and comes back when another device disconnects', async () => {
    let devices = [MAC, IPHONE, { ...ANDROID, connected: false }];
    const { user } = setUp(() => devices);
    const banner = await screen.findByRole('alert');
    await user.click(within(banner).getByRole('button', { name: 'Hide until another device disconnects' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(window.sessionStorage.getItem('prospector.disconnected-banner.dismissed')).toBe('android-1');

    devices = [{ ...MAC, connected: false }, IPHONE, { ...ANDROID, connected: false }];
    act(() => latestSocket().serverEmit('devicesChanged', {}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Office iMac');
    window.sessionStorage.clear();
  });

  it('is not shown while every device is connected, and follows devicesChanged', async () => {
    let devices = [MAC, IPHONE, ANDROID];
    setUp(() => devices);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(messages.devices.disconnected, { exact: false })).not.toBeInTheDocument();

    devices = [MAC, IPHONE, { ...ANDROID, connected: false }];
    act(() => latestSocket().serverEmit('devicesChanged', {}));
    expect(await screen.findByRole('alert')).toHaveTextContent('(916) 555-0100');

    devices = [MAC, IPHONE, ANDROID];
    act(() => latestSocket().serverEmit('devicesChanged', {}));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('is not shown to a team without devices', async () => {
    setUp(() => []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
