import { deviceBaseUrl, deviceHostRefusal, deviceValue, type DeviceDto } from '@prospector/core';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import type { AuthContext } from '../../../lib/auth-context.js';
import type { Clock } from '../../../lib/clock.js';
import { fail, ok, type Result } from '../../../lib/result.js';
import { seal } from '../../../lib/sealed.js';
import * as dq from '../devices.queries.js';
import type { DevicesErrorCode } from '../devices.errors.js';
import { createBlueBubblesTransport } from './bluebubbles.js';
import { createLocalServerTransport } from './local-server.js';
import { RemoteUnreachable, type RemoteCall } from './remote-http.js';
import { sha256 } from './remote-driver.js';
import type { RemoteTransport } from './transport.js';

type R<T> = Promise<Result<T, DevicesErrorCode>>;

/**
 * Adding the devices the server calls (ADR 034): the address is judged (private LAN yes, loopback
 * and link-local no), the device is called with the credentials before anything is stored, and the
 * credentials are sealed. A BlueBubbles Mac also gets our webhook, with a secret in its path (only
 * its hash is kept).
 */
export function createRemoteDevicesService(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  call: RemoteCall;
  allowLoopback: boolean;
  dto: (auth: AuthContext, device: dq.DeviceRow) => Promise<DeviceDto>;
  /** A device was added: it is driven from now on. */
  onAdded: (teamId: string, deviceId: string) => void;
}) {
  const { db, clock } = deps;

  function endpoint(raw: string): Result<string, DevicesErrorCode> {
    const base = deviceBaseUrl(raw);
    if (!base) return fail('REMOTE_INVALID_ADDRESS');
    if (deviceHostRefusal(new URL(base).hostname, { allowLoopback: deps.allowLoopback }))
      return fail('REMOTE_REFUSED_ADDRESS');
    return ok(base);
  }

  async function check(transport: RemoteTransport): R<true> {
    const checked = await transport.check();
    if (checked.ok) return ok(true);
    // A name that resolves to a refused address is refused at connect time (remote-http.ts).
    if (checked.detail.startsWith('refused:')) return fail('REMOTE_REFUSED_ADDRESS');
    return fail(checked.reason === 'refused' ? 'REMOTE_WRONG_CREDENTIALS' : 'REMOTE_UNREACHABLE');
  }

  const connectedNow = () => ({ connected: true, connectedAt: clock.now(), pingedAt: clock.now() });

  return {
    async addLocalSmsGateway(
      auth: AuthContext,
      input: { address: string; username: string; password: string; phone: string },
    ): R<DeviceDto> {
      const base = endpoint(input.address);
      if (!base.ok) return base;
      const phone = deviceValue('Android', input.phone);
      if (!phone) return fail('REMOTE_INVALID_PHONE');
      const creds = { username: input.username, password: input.password };
      const checked = await check(createLocalServerTransport(base.value, creds, deps.call));
      if (!checked.ok) return checked;
      const device = await dq.insertDevice(db, {
        teamId: auth.teamId,
        kind: 'android',
        value: phone,
        transport: 'sms_gateway_local',
        endpoint: base.value,
        sealedSecrets: seal(deps.secret, creds),
        // Replies from before the phone was added are not the team's business.
        remoteState: { inboxFrom: clock.now().toISOString() },
        createdAt: clock.now(),
        ...connectedNow(),
      });
      if (!device) return fail('DEVICE_DUPLICATE');
      deps.onAdded(auth.teamId, device.id);
      return ok(await deps.dto(auth, device));
    },

    async addBlueBubbles(
      auth: AuthContext,
      input: { url: string; password: string; value: string },
    ): R<DeviceDto> {
      const base = endpoint(input.url);
      if (!base.ok) return base;
      const value = deviceValue('Apple', input.value);
      if (!value) return fail('DEVICE_INVALID');
      const transport = createBlueBubblesTransport(base.value, input.password, deps.call, () => () => null);
      const checked = await check(transport);
      if (!checked.ok) return checked;
      const hookSecret = randomBytes(24).toString('base64url');
      const now = clock.now();
      const mac = await db.transaction(async (tx) => {
        const row = await dq.insertDevice(tx, {
          teamId: auth.teamId,
          kind: 'mac',
          value: `BlueBubbles ${new URL(base.value).host}`,
          transport: 'bluebubbles',
          endpoint: base.value,
          sealedSecrets: seal(deps.secret, { password: input.password }),
          remoteState: { webhookHash: sha256(hookSecret), after: now.getTime() },
          createdAt: now,
          ...connectedNow(),
        });
        if (!row) return null;
        const phone = await dq.insertDevice(tx, {
          teamId: auth.teamId,
          kind: 'iphone',
          value,
          macId: row.id,
          createdAt: now,
        });
        return phone ? row : null;
      });
      if (!mac) return fail('DEVICE_DUPLICATE');
      let registered = false;
      try {
        registered = await transport.registerWebhook(
          `${deps.publicUrl.replace(/\/+$/, '')}/api/remote/bluebubbles/${mac.id}/${hookSecret}`,
        );
      } catch (err) {
        if (!(err instanceof RemoteUnreachable)) throw err;
      }
      if (!registered) {
        await dq.deleteDevices(db, auth.teamId, [mac.id]);
        return fail('REMOTE_WEBHOOK_FAILED');
      }
      deps.onAdded(auth.teamId, mac.id);
      return ok(await deps.dto(auth, mac));
    },
  };
}

export type RemoteDevicesService = ReturnType<typeof createRemoteDevicesService>;
