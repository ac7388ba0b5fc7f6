import { createSmsGatewayCode, formatDeviceCode, SMS_GATEWAY_API_PATH } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, unwrap } from '../../../lib/errors.js';
import { route } from '../../../lib/route.js';

/** Failed code attempts an address may make in 10 minutes before it is told to wait. */
const CODE_TRIES = 10;
const CODE_TRIES_WINDOW_MS = 10 * 60_000;

/**
 * The SMS Gateway app's mobile API at `<PUBLIC_URL>/api/mobile/v1` (the routes of
 * android-sms-gateway/server's handlers/mobile.go, as the app calls them), and the members' call that
 * makes a one-time code. The app's requests are not our contract: their bodies are read as text and
 * checked here, so malformed JSON is the catalogue's 400, and a webhook's signature is checked over
 * the exact bytes the phone signed.
 */
export async function smsGatewayRoutes(app: FastifyInstance) {
  const { smsGateway, devices } = app.services;

  route(app, createSmsGatewayCode, async ({ auth, body }) => {
    const made = unwrap(await smsGateway.createCode(auth, body.value));
    return {
      device: await devices.dto(auth, made.device),
      code: formatDeviceCode(made.code),
      expiresAt: made.expiresAt.toISOString(),
      apiUrl: made.apiUrl,
    };
  });

  await app.register(
    async (mobile) => {
      mobile.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );

      const json = (req: FastifyRequest): unknown => {
        if (typeof req.body !== 'string') throw new DomainError('APP_REQUEST_INVALID');
        try {
          return JSON.parse(req.body);
        } catch {
          throw new DomainError('APP_REQUEST_INVALID');
        }
      };
      const phone = async (req: FastifyRequest) =>
        unwrap(await smsGateway.authenticate(req.headers.authorization));

      const failures = new Map<string, number[]>();
      mobile.post('/device', async (req, reply) => {
        const now = app.clock.now().getTime();
        const tries = (failures.get(req.ip) ?? []).filter((t) => now - t < CODE_TRIES_WINDOW_MS);
        if (tries.length >= CODE_TRIES) throw new DomainError('RATE_LIMITED', { 'retry-after': '600' });
        const registered = await smsGateway.register(
          req.headers.authorization,
          json(req),
          req.headers['user-agent'],
        );
        if (!registered.ok && registered.code === 'DEVICE_CODE_INVALID')
          failures.set(req.ip, [...tries, now]);
        return reply.code(201).send(unwrap(registered));
      });
      mobile.get('/device', async (req) => {
        const device = await phone(req);
        return { externalIp: req.ip, device: { id: device.id, name: device.value } };
      });
      mobile.patch('/device', async (req, reply) => {
        unwrap(await smsGateway.patchDevice(await phone(req), json(req)));
        return reply.code(204).send();
      });
      for (const path of ['/message', '/messages']) {
        mobile.get(path, async (req) => smsGateway.pull(await phone(req)));
        mobile.patch(path, async (req, reply) => {
          unwrap(await smsGateway.patchStates(await phone(req), json(req)));
          return reply.code(204).send();
        });
      }
      mobile.get('/webhooks', async (req) => smsGateway.webhooks(await phone(req)));
      mobile.get('/settings', async (req) => smsGateway.settings(await phone(req)));
      mobile.get('/events', async (req, reply) => {
        const device = await phone(req);
        reply.hijack();
        try {
          await smsGateway.hub.open(device, reply.raw);
        } catch (err) {
          req.log.error({ err }, 'opening a phone stream failed');
          reply.raw.end();
        }
      });
      // Codes and passwords belong to the members' accounts here, not to the phone's.
      mobile.get('/user/code', async () => {
        throw new DomainError('APP_CODES_FROM_WEB');
      });
      mobile.patch('/user/password', async () => {
        throw new DomainError('APP_CODES_FROM_WEB');
      });
      mobile.post('/webhooks/:deviceId', async (req, reply) => {
        const { deviceId } = req.params as { deviceId: string };
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        unwrap(
          await smsGateway.webhook(deviceId, typeof req.body === 'string' ? req.body : '', {
            signature: header('x-signature'),
            timestamp: header('x-timestamp'),
          }),
        );
        return reply.code(204).send();
      });
    },
    { prefix: SMS_GATEWAY_API_PATH },
  );
}
