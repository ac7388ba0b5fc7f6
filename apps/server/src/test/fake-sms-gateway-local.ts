import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the SMS Gateway for Android app's local server (capcom6/android-sms-gateway
 * v1.68.0, modules/localserver: WebService.kt, routes/MessagesRoutes.kt, routes/InboxRoutes.kt):
 * Basic auth (realm "Access to SMS Gateway"), `GET /` → `{status, model}`, `POST /message` (202 with
 * the message; 409 when the id exists), `GET /message/{id}` (404 unknown), `GET /inbox` with
 * `type`, `from`, `limit`. Bound to 127.0.0.1. Test controls: `receive` a text, `advance` states,
 * `down`/`up` (the phone leaves the Wi-Fi and comes back on the same address).
 */
type State = 'Pending' | 'Processed' | 'Sent' | 'Delivered' | 'Failed';
type Stored = {
  id: string;
  to: string;
  text: string;
  state: State;
  states: Record<string, string>;
  error: string | null;
};

export async function startFakeSmsGatewayLocal(creds = { username: 'sms', password: 'Zq8fK2pL' }) {
  const messages = new Map<string, Stored>();
  const inbox: {
    id: string;
    type: 'SMS';
    sender: string;
    recipient: null;
    simNumber: number;
    contentPreview: string;
    createdAt: string;
  }[] = [];
  /** Every POST /message the phone accepted (a repeat is answered 409 and not counted). */
  const sends: string[] = [];
  let seq = 0;
  const expected = `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`;

  const json = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const domain = (m: Stored) => ({
    id: m.id,
    deviceId: 'fake-device-id',
    state: m.state,
    isHashed: false,
    isEncrypted: false,
    textMessage: { text: m.text },
    recipients: [{ phoneNumber: m.to, state: m.state, error: m.error }],
    states: m.states,
  });

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/health')
      return json(res, 200, { status: 'pass', checks: {}, version: '1.68.0', releaseId: 1 });
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Access to SMS Gateway", charset=UTF-8' });
      return res.end();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname === '/')
        return json(res, 200, { status: 'ok', model: 'Pixel 7' });
      const one = /^\/messages?\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const m = messages.get(decodeURIComponent(one[1]!));
        return m ? json(res, 200, domain(m)) : json(res, 404);
      }
      if (req.method === 'POST' && (url.pathname === '/message' || url.pathname === '/messages')) {
        let body: { id?: string; textMessage?: { text: string }; message?: string; phoneNumbers?: string[] };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return json(res, 400, { message: 'Invalid request body' });
        }
        const text = body.textMessage?.text ?? body.message;
        if (!text || !body.phoneNumbers?.length)
          return json(res, 400, {
            message: 'Must specify exactly one of: textMessage, dataMessage, or message',
          });
        const id = body.id ?? `nano${++seq}`;
        if (messages.has(id)) return json(res, 409, { message: null });
        const m: Stored = {
          id,
          to: body.phoneNumbers[0]!,
          text,
          state: 'Pending',
          states: { Pending: new Date().toISOString() },
          error: null,
        };
        messages.set(id, m);
        sends.push(id);
        return json(res, 202, domain(m));
      }
      if (req.method === 'GET' && url.pathname === '/inbox') {
        const from = url.searchParams.get('from');
        const since = from ? new Date(from).getTime() : 0;
        const limit = Number(url.searchParams.get('limit') ?? 50);
        const list = inbox.filter((m) => new Date(m.createdAt).getTime() >= since).slice(0, limit);
        res.setHeader('x-total-count', String(list.length));
        return json(res, 200, list);
      }
      json(res, 404);
    });
  };

  let server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    creds,
    messages,
    sends,
    /** A text arrives on the phone. */
    receive(sender: string, text: string) {
      inbox.push({
        id: `in-${++seq}`,
        type: 'SMS',
        sender,
        recipient: null,
        simNumber: 1,
        contentPreview: text,
        createdAt: new Date().toISOString(),
      });
    },
    /** Every pending text is sent, then delivered (or failed, for the numbers given). */
    advance(failFor: string[] = []) {
      for (const m of messages.values()) {
        if (m.state !== 'Pending') continue;
        const now = new Date().toISOString();
        if (failFor.includes(m.to))
          Object.assign(m, { state: 'Failed', error: 'RESULT_ERROR_GENERIC_FAILURE' });
        else Object.assign(m, { state: 'Delivered' });
        m.states = { ...m.states, Processed: now, Sent: now, [m.state]: now };
      }
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

export type FakeSmsGatewayLocal = Awaited<ReturnType<typeof startFakeSmsGatewayLocal>>;
