import {
  answerInbound,
  buyNumber,
  declineInbound,
  getCallSettings,
  simulateInbound,
  updateCallSettings,
  editVm,
  endCalls,
  enqueueCalls,
  generateToken,
  getDialler,
  getQueue,
  leaveVm,
  messages,
  newCall,
  recordVm,
  releaseNumber,
  removeVm,
  unqueueCall,
  VM_AUDIO_PATH,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { readingForm } from '../../lib/multipart-form.js';
import { route } from '../../lib/route.js';
import { TWILIO_PATHS, type TwilioVoice } from '../../providers/voice/twilio-voice.js';
import { isVmSignature } from './calls.plugin.js';
import { MAX_VM_BYTES } from './calls.service.js';

/** The voicemail form: the one file part `vm` (its first 5 MB + 1 byte) and an optional `name`. */
async function readVmForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new DomainError('VM_EMPTY', {}, messages.dialler.vmEmpty);
  return readingForm(() => readVmParts(req));
}

async function readVmParts(req: FastifyRequest) {
  let file: { bytes: Buffer; truncated: boolean } | null = null;
  let name: string | undefined;
  const options = { limits: { fileSize: MAX_VM_BYTES }, throwFileSizeLimit: false };
  for await (const part of req.parts(options as Parameters<FastifyRequest['parts']>[0])) {
    if (part.type === 'field') {
      if (part.fieldname === 'name' && typeof part.value === 'string') name = part.value;
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.fieldname === 'vm') file = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
  }
  return { file, name };
}

/** The dialler's calls (spec part 1 §7 /calls/*). Registered inside the multipart scope (recordVm). */
export async function callsRoutes(app: FastifyInstance) {
  const { calls, dialler, voice } = app.services;

  route(app, getDialler, async ({ auth }) => calls.page(auth));
  route(app, generateToken, async ({ auth }) => {
    const t = voice.accessToken(auth.userId);
    return { token: t?.token ?? null, identity: auth.userId };
  });
  route(app, newCall, async ({ auth, body }) => ({ call: unwrap(await dialler.newCall(auth, body.dataId)) }));
  route(app, endCalls, async ({ auth, body }) => ({ ended: await dialler.endCalls(auth, body.sids) }));
  route(app, leaveVm, async ({ auth, body }) => ({
    call: unwrap(await dialler.leaveVm(auth, body.sid, body.vmId)),
  }));
  route(app, answerInbound, async ({ auth, body }) => ({
    call: unwrap(await dialler.answerInbound(auth, body.callId)),
  }));
  route(app, declineInbound, async ({ auth, body }) => {
    unwrap(await dialler.declineInbound(auth, body.callId));
    return { ok: true as const };
  });
  route(app, simulateInbound, async ({ auth }) => unwrap(await dialler.simulateInbound(auth)));
  route(app, getCallSettings, async ({ auth }) => ({ settings: await calls.callSettings(auth) }));
  route(app, updateCallSettings, async ({ auth, body }) => ({
    settings: unwrap(await calls.updateCallSettings(auth, body)),
  }));
  route(app, getQueue, async ({ auth }) => ({ queue: await calls.queue(auth) }));
  route(app, enqueueCalls, async ({ auth, body }) => {
    if (!(auth.user.role === 'admin' || auth.user.permissions.includes('calls')))
      throw new DomainError('PERMISSION_REQUIRED');
    return { queued: await calls.enqueue(auth.teamId, auth.userId, body.itemIds, null) };
  });
  route(app, unqueueCall, async ({ auth, body }) => {
    unwrap(await calls.unqueue(auth, body.itemId));
    return { ok: true as const };
  });
  route(app, recordVm, async ({ auth, req }) => {
    const { file, name } = await readVmForm(req);
    return { voicemail: unwrap(await calls.recordVm(auth, file, name)) };
  });
  route(app, editVm, async ({ auth, body }) => ({
    voicemail: unwrap(await calls.editVm(auth, body.vmId, body.name)),
  }));
  route(app, removeVm, async ({ auth, body }) => {
    unwrap(await calls.removeVm(auth, body.vmId));
    return { ok: true as const };
  });
  route(app, buyNumber, async ({ auth, body }) => ({
    number: unwrap(await calls.buyNumber(auth, body.areaCode ?? null)),
  }));
  route(app, releaseNumber, async ({ auth, body }) => {
    unwrap(await calls.releaseNumber(auth, body.numberId));
    return { ok: true as const };
  });

  // A voicemail's audio, to the team only (the page fetches it with its token).
  app.get<{ Params: { id: string } }>(VM_AUDIO_PATH, async (req, reply) => {
    const auth = await app.services.auth.authenticate(
      req.headers.authorization?.replace(/^Bearer /i, '') ?? null,
    );
    if (!auth) throw new DomainError('UNAUTHENTICATED');
    if (!/^[0-9a-f-]{36}$/.test(req.params.id)) throw new DomainError('NOT_FOUND');
    const found = await calls.vmAudio(auth.teamId, req.params.id);
    if (!found) throw new DomainError('NOT_FOUND');
    return reply.type(found.contentType).header('cache-control', 'private, no-store').send(found.body);
  });
  // The same audio for the voice provider, behind a link signed with the server's secret.
  app.get<{ Params: { id: string }; Querystring: { sig?: string } }>(
    '/api/calls/vmPublic/:id',
    async (req, reply) => {
      const { id } = req.params;
      if (
        !/^[0-9a-f-]{36}$/.test(id) ||
        !isVmSignature(app.config.authSecret, id, String(req.query.sig ?? ''))
      )
        throw new DomainError('NOT_FOUND');
      const found = await calls.vmAudio(null, id);
      if (!found) throw new DomainError('NOT_FOUND');
      return reply.type(found.contentType).header('cache-control', 'private, no-store').send(found.body);
    },
  );

  if (voice.name === 'twilio') await app.register(twilioWebhooks, { voice: voice as TwilioVoice });
}

/** Twilio's callbacks: form-encoded, checked against X-Twilio-Signature, answered with TwiML. */
async function twilioWebhooks(app: FastifyInstance, { voice }: { voice: TwilioVoice }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, '');
  for (const kind of ['answer', 'status', 'inbound', 'dialed'] as const)
    app.post<{ Body: Record<string, string> }>(TWILIO_PATHS[kind], async (req, reply) => {
      const signature = req.headers['x-twilio-signature'];
      const r = await voice.webhook({
        kind,
        url: publicUrl + req.url,
        params: req.body && typeof req.body === 'object' ? req.body : {},
        signature: typeof signature === 'string' ? signature : undefined,
      });
      if (!r.ok)
        return reply.code(403).send({ code: 'PERMISSION_REQUIRED', message: messages.auth.forbidden });
      return reply.type('text/xml').send(r.twiml);
    });
}
