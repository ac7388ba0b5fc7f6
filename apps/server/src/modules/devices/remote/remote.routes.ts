import { addBlueBubbles, addLocalSmsGateway, can, mayHoldDevice, serverMessages } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../../lib/auth-context.js';
import { DomainError, unwrap } from '../../../lib/errors.js';
import { route } from '../../../lib/route.js';
import { withAllTeams } from '../../../lib/team-scope.js';

function requirePhones(auth: AuthContext) {
  if (!can(auth.user, 'phones')) throw new DomainError('PERMISSION_REQUIRED');
  // A device shows its holder every text it carries: only for members who read every record (ADR 031).
  if (!mayHoldDevice(auth.user)) throw new DomainError('DEVICE_NEEDS_ALL_DATA');
}

/** The path BlueBubbles posts its webhooks to: the device and the secret only it and we know. */
export const BLUEBUBBLES_WEBHOOK_PATH = '/api/remote/bluebubbles/:deviceId/:secret';

const webhookParams = z.object({ deviceId: z.uuid(), secret: z.string().min(16).max(200) });
const webhookEvent = z.object({ type: z.string().max(100), data: z.unknown() });

export async function remoteDevicesRoutes(app: FastifyInstance) {
  const { remoteDevices, remoteDriver } = app.services;

  route(app, addLocalSmsGateway, async ({ auth, body }) => {
    requirePhones(auth);
    return {
      message: serverMessages.remoteDevices.localAdded,
      device: unwrap(await remoteDevices.addLocalSmsGateway(auth, body)),
    };
  });
  route(app, addBlueBubbles, async ({ auth, body }) => {
    requirePhones(auth);
    return {
      message: serverMessages.remoteDevices.blueBubblesAdded,
      device: unwrap(await remoteDevices.addBlueBubbles(auth, body)),
    };
  });

  // BlueBubbles does not sign its webhooks: the secret in the path is the proof (ADR 034). An unknown
  // device or a wrong secret answers 404 alike, so neither can be probed for; malformed JSON is 400.
  app.post(BLUEBUBBLES_WEBHOOK_PATH, async (req) => {
    const params = webhookParams.safeParse(req.params);
    if (!params.success) throw new DomainError('NOT_FOUND');
    const event = webhookEvent.safeParse(req.body);
    if (!event.success) throw new DomainError('VALIDATION');
    const taken = await withAllTeams(() =>
      remoteDriver.webhook(
        params.data.deviceId,
        params.data.secret,
        event.data as { type: string; data: unknown },
      ),
    );
    if (!taken) throw new DomainError('NOT_FOUND');
    return { ok: true };
  });
}
