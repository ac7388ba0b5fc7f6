import {
  addMac,
  addNumber,
  addSimulatedPhone,
  can,
  mayHoldDevice,
  DOWNLOAD_APP_PATH,
  getDevicePairing,
  getDevices,
  messages,
  removeNumbers,
  sendSms,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context.js';
import { DomainError, unwrap } from '../../lib/errors.js';
import { bearerToken, route } from '../../lib/route.js';

/** Settings > Devices needs the 'phones' permission (or admin). */
function requirePhones(auth: AuthContext) {
  if (!can(auth.user, 'phones')) throw new DomainError('PERMISSION_REQUIRED');
  // A device shows its holder every text it carries: only for members who read every record (ADR 031).
  if (!mayHoldDevice(auth.user)) throw new DomainError('DEVICE_NEEDS_ALL_DATA');
}

export async function devicesRoutes(app: FastifyInstance) {
  const { devices, sms } = app.services;

  route(app, getDevices, async ({ auth }) => ({ devices: await devices.list(auth) }));
  route(app, addNumber, async ({ auth, body }) => {
    requirePhones(auth);
    return { message: messages.devices.added, device: unwrap(await devices.addNumber(auth, body)) };
  });
  route(app, addMac, async ({ auth, body }) => {
    requirePhones(auth);
    return { message: messages.devices.added, device: unwrap(await devices.addMac(auth, body)) };
  });
  route(app, addSimulatedPhone, async ({ auth }) => {
    requirePhones(auth);
    const device = unwrap(await devices.addSimulated(auth));
    await app.services.simulatedPhones.start(device);
    return { message: messages.devices.simulatedAdded, device: await devices.dto(auth, device) };
  });
  route(app, removeNumbers, async ({ auth, body }) => {
    requirePhones(auth);
    return { removed: await devices.remove(auth, body.phones) };
  });
  route(app, getDevicePairing, async ({ auth, params }) => {
    requirePhones(auth);
    return unwrap(await devices.pairing(auth, params.deviceId));
  });
  route(app, sendSms, async ({ auth, body }) => ({
    message: unwrap(
      await sms.sendSms(auth, { itemId: body.dataId, to: body.to, body: body.body, from: body.from }),
    ),
  }));

  // A zip, not JSON: registered outside the contract helper, with the same bearer check.
  app.get(DOWNLOAD_APP_PATH, async (req, reply) => {
    const auth = await app.services.auth.authenticate(bearerToken(req));
    if (!auth) throw new DomainError('UNAUTHENTICATED');
    requirePhones(auth);
    const params = z.object({ deviceId: z.uuid() }).safeParse(req.params);
    if (!params.success) throw new DomainError('VALIDATION');
    const file = unwrap(await devices.download(auth, params.data.deviceId));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.zip);
  });
}
