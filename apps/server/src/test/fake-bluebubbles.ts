import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for BlueBubbles Server (BlueBubblesApp/bluebubbles-server v1.9.9,
 * packages/server/src/server/api/http/api/v1: httpRoutes.ts, routers/*, validators/*,
 * middleware/authMiddleware.ts, responses/*; services/webhookService): `?password=` (or `guid`,
 * `token`) on every call, answers `{ status, message, data }`, webhooks POSTed unsigned as
 * `{ type, data }` with the message as MessageSerializer shapes it for each event (see `serialize`).
 * Bound to 127.0.0.1. Its webhooks go through `fetch` (one trusting a test CA for an https URL).
 * Test controls: `reply`, `deliverAll`, `update`, `failNextSend`, `dropWebhooks`, `down`/`up`.
 */
type Msg = {
  rowid: number;
  guid: string;
  tempGuid?: string;
  text: string;
  isFromMe: boolean;
  error: number;
  dateCreated: number;
  dateDelivered: number | null;
  dateRead: number | null;
  /** chat.db's is_delivered: set for an SMS once it left, without a dateDelivered (Message.ts). */
  isDelivered: boolean;
  handle: { address: string; service: string };
  chats: { guid: string }[];
};

/** What Messages may change on a message: each change is an `updated-entry` (pollers/index.ts). */
export type BbChange = Partial<Pick<Msg, 'dateDelivered' | 'dateRead' | 'isDelivered' | 'error'>>;

/**
 * A message as MessageSerializer.convert shapes it with `isForNotification` (the fields the product
 * reads among them): `chats` only where the event's config has `includeChats` (handleUpdatedMessage
 * turns it off), `tempGuid` only where the server injects it (emitMessageMatch, the send routes).
 */
function serialize(m: Msg, with_: { chats: boolean; tempGuid: boolean }) {
  return {
    originalROWID: m.rowid,
    guid: m.guid,
    text: m.text,
    handle: { originalROWID: 1, address: m.handle.address, service: m.handle.service },
    handleId: 1,
    error: m.error,
    dateCreated: m.dateCreated,
    dateRead: m.dateRead,
    dateDelivered: m.dateDelivered,
    isDelivered: m.isDelivered,
    isFromMe: m.isFromMe,
    ...(with_.chats ? { chats: m.chats } : {}),
    ...(with_.tempGuid && m.tempGuid ? { tempGuid: m.tempGuid } : {}),
  };
}
const full = (m: Msg) => serialize(m, { chats: true, tempGuid: true });

export async function startFakeBlueBubbles(opts: { password?: string; fetch?: typeof fetch } = {}) {
  const password = opts.password ?? 'bb-secret-pass';
  const post = opts.fetch ?? fetch;
  const chats = new Set<string>();
  const messages: Msg[] = [];
  const webhooks: { id: number; url: string; events: string[] }[] = [];
  /** Handles without iMessage: availability says false and texts go out as SMS. */
  const noIMessage = new Set<string>();
  /** Every text actually sent by Messages, by tempGuid. */
  const sends: string[] = [];
  /** What the product answered to each webhook POST (a status, or the error's code). */
  const webhookAnswers: (number | string)[] = [];
  let rowid = 5000;
  let dropWebhooks = false;
  let failNext = false;
  let clock = Date.now();
  const now = () => (clock = Math.max(clock + 1, Date.now()));

  const send = (res: http.ServerResponse, status: number, message: string, data?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status, message, ...(data === undefined ? {} : { data }) }));
  };
  const unauthorized = (res: http.ServerResponse, error: string) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: 401,
        message: 'You are not authorized to access this resource',
        error: { type: 'Authentication Error', message: error },
      }),
    );
  };
  async function dispatch(type: string, data: unknown) {
    if (dropWebhooks) return;
    for (const hook of webhooks)
      if (hook.events.includes('*') || hook.events.includes(type))
        await post(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type, data }),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            webhookAnswers.push(res.status);
          },
          (err: { code?: string; cause?: { code?: string } }) =>
            webhookAnswers.push(err.cause?.code ?? err.code ?? 'error'),
        );
  }
  /** Messages changed a message: handleUpdatedMessage's webhook, without chats or tempGuid. */
  async function update(m: Msg, change: BbChange) {
    Object.assign(m, change);
    await dispatch('updated-message', serialize(m, { chats: false, tempGuid: false }));
  }
  function outgoing(chatGuid: string, text: string, tempGuid: string | undefined): Msg {
    const [service, , address] = chatGuid.split(';');
    const m: Msg = {
      rowid: ++rowid,
      guid: randomUUID().toUpperCase(),
      ...(tempGuid ? { tempGuid } : {}),
      text,
      isFromMe: true,
      error: failNext ? 22 : 0,
      dateCreated: now(),
      dateDelivered: null,
      dateRead: null,
      isDelivered: false,
      handle: { address: address!, service: service! },
      chats: [{ guid: chatGuid }],
    };
    failNext = false;
    messages.push(m);
    if (tempGuid) sends.push(tempGuid);
    return m;
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const token =
      url.searchParams.get('guid') ?? url.searchParams.get('password') ?? url.searchParams.get('token');
    if (!token) return unauthorized(res, 'Missing server password!');
    if (token.trim() !== password) return unauthorized(res, 'You are not authorized to access this resource');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return send(res, 400, 'Bad Request');
      }
      const path = url.pathname.replace(/^\/api\/v1\//, '');
      const route = `${req.method} ${path}`;
      if (route === 'GET server/info')
        return send(res, 200, 'Success', {
          computer_id: 'fake',
          os_version: '14.5',
          server_version: '1.9.9',
          private_api: true,
          proxy_service: 'Dynamic DNS',
          helper_connected: true,
          detected_icloud: 'agent@icloud.com',
          detected_imessage: 'agent@icloud.com',
          macos_time_sync: null,
          local_ipv4s: ['127.0.0.1'],
          local_ipv6s: [],
        });
      if (route === 'GET webhook') return send(res, 200, 'Successfully fetched webhooks!', webhooks);
      if (route === 'POST webhook') {
        const { url: hookUrl, events } = body as { url?: string; events?: string[] };
        if (!hookUrl || !Array.isArray(events)) return send(res, 400, 'Bad Request');
        if (!hookUrl.startsWith('http')) return send(res, 400, 'Webhook URL must include an HTTP scheme!');
        const hook = { id: webhooks.length + 1, url: hookUrl, events };
        webhooks.push(hook);
        return send(res, 200, 'Successfully created webhook!', hook);
      }
      if (route === 'GET handle/availability/imessage') {
        const address = url.searchParams.get('address') ?? '';
        return send(res, 200, 'Success', { available: !noIMessage.has(address) });
      }
      const chat = /^chat\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && chat) {
        const guid = decodeURIComponent(chat[1]!);
        return chats.has(guid)
          ? send(res, 200, 'Success', { guid, participants: [] })
          : send(res, 404, 'Not Found', undefined);
      }
      if (route === 'POST chat/new') {
        const { addresses, message, service, tempGuid } = body as {
          addresses?: string[];
          message?: string;
          service?: string;
          tempGuid?: string;
        };
        if (!Array.isArray(addresses) || !addresses.length) return send(res, 400, 'Bad Request');
        const guid = `${service ?? 'iMessage'};-;${addresses[0]}`;
        chats.add(guid);
        const m = message ? outgoing(guid, message, tempGuid) : null;
        if (m) void dispatch('new-message', full(m));
        return send(res, 200, 'Successfully created chat!', {
          guid,
          participants: [],
          messages: m ? [full(m)] : [],
        });
      }
      if (route === 'POST message/text') {
        const { chatGuid, tempGuid, message } = body as {
          chatGuid?: string;
          tempGuid?: string;
          message?: string;
        };
        if (!chatGuid) return send(res, 400, 'Bad Request');
        if (!tempGuid) return send(res, 400, "A 'tempGuid' is required when sending via AppleScript");
        if (!chats.has(chatGuid)) return send(res, 404, 'Chat does not exist!');
        const m = outgoing(chatGuid, message ?? '', tempGuid);
        if (m.error) {
          void dispatch('message-send-error', full(m));
          return send(res, 500, 'Message Send Error', full(m));
        }
        void dispatch('new-message', full(m));
        return send(res, 200, 'Message sent!', full(m));
      }
      if (route === 'POST message/query') {
        const after = typeof body.after === 'number' ? body.after : 0;
        const limit = typeof body.limit === 'number' ? body.limit : 1000;
        const list = messages
          .filter((m) => m.dateCreated > after)
          .sort((a, b) => a.dateCreated - b.dateCreated)
          .slice(0, limit)
          .map((m) => serialize(m, { chats: true, tempGuid: false }));
        return send(res, 200, 'Success', list);
      }
      send(res, 404, 'Not Found');
    });
  };

  let server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    password,
    webhooks,
    messages,
    sends,
    webhookAnswers,
    noIMessage,
    set dropWebhooks(v: boolean) {
      dropWebhooks = v;
    },
    failNextSend() {
      failNext = true;
    },
    /** A contact texts the Mac's iPhone. */
    async reply(from: string, text: string) {
      const m: Msg = {
        rowid: ++rowid,
        guid: randomUUID().toUpperCase(),
        text,
        isFromMe: false,
        error: 0,
        dateCreated: now(),
        dateDelivered: null,
        dateRead: null,
        isDelivered: true,
        handle: { address: from, service: 'iMessage' },
        chats: [{ guid: `iMessage;-;${from}` }],
      };
      messages.push(m);
      await dispatch('new-message', serialize(m, { chats: true, tempGuid: false }));
    },
    /** Every text from the Mac reaches its recipient. */
    async deliverAll() {
      for (const m of messages)
        if (m.isFromMe && !m.error && !m.dateDelivered)
          await update(m, { dateDelivered: now(), isDelivered: true });
    },
    /** Messages changes the text with this guid (a delivery, a read receipt): `updated-message`. */
    async update(guid: string, change: BbChange) {
      const m = messages.find((x) => x.guid === guid);
      if (!m) throw new Error(`no message ${guid}`);
      await update(m, change);
    },
    /** Posts an `updated-message` as the Mac would, for a message it does not hold (a forged guid). */
    async updateUnknown(data: Record<string, unknown>) {
      await dispatch('updated-message', data);
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
    async up() {
      server = http.createServer(handler);
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    async close() {
      if (server.listening) await this.down();
    },
  };
}

export type FakeBlueBubbles = Awaited<ReturnType<typeof startFakeBlueBubbles>>;
