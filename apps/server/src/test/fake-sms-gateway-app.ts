import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';

/*
 * A local fake of the SMS Gateway for Android app (capcom6/android-sms-gateway v1.68.0) in private
 * server mode, built from its source (modules/gateway/*, modules/webhooks/*; see
 * modules/devices/sms-gateway/fixtures/SOURCE.md). It sends the fixtures' requests as the app does:
 *
 * - registers by code (`POST /device`, `Authorization: Code`), then reads its settings and webhooks
 *   (SettingsUpdateWorker, WebhooksUpdateWorker run when the gateway starts);
 * - holds `GET /events` (SSEManager): pulls on connecting and on each `MessageEnqueued` (or an event
 *   without a type); reconnects after a drop;
 * - pulls (`GET /message`): a text it already holds is not taken again, its state is sent again
 *   (GatewayService.processMessage → SendStateWorker); a new one is journalled `Pending`;
 * - sends its journalled texts one at a time (SendMessagesWorker), each state change reported by
 *   `PATCH /message` with the whole `states` map, and posted to the webhooks of that event;
 * - posts webhooks signed like PayloadSingingPlugin: `X-Timestamp` (Unix seconds, taken at each try)
 *   and `X-Signature` = hex HMAC-SHA256(signing key, body + timestamp), retried while not 2xx.
 *
 * Its journal, state reports and webhook queue survive `kill()` (the app's Room database and
 * WorkManager do); `start()` brings it back.
 */

const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../modules/devices/sms-gateway/fixtures',
);

type Fixture = { method: string; path?: string; headers: Record<string, string>; body?: unknown };

export function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Fixture;
}

/** The fixture with its `{{placeholders}}` filled. */
function fill<T>(value: T, vars: Record<string, string>): T {
  return JSON.parse(
    JSON.stringify(value).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => {
      const v = vars[k];
      if (v === undefined) throw new Error(`fixture placeholder {{${k}}} has no value`);
      return JSON.stringify(v).slice(1, -1);
    }),
  ) as T;
}

/** JSON as Gson writes it by default: nulls left out (by the caller), `< > & = '` escaped. */
export function gsonJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&=']/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `yyyy-MM-dd'T'HH:mm:ss.SSSXXX` in the phone's zone (+07:00 here, as the app's own examples). */
export function appDate(d: Date): string {
  const local = new Date(d.getTime() + 7 * 3_600_000);
  return `${local.toISOString().slice(0, 23)}+07:00`;
}

export function sign(key: string, body: string, timestamp: string): string {
  return createHmac('sha256', key)
    .update(body + timestamp)
    .digest('hex');
}

type State = 'Pending' | 'Processed' | 'Sent' | 'Delivered' | 'Failed';
type Held = { id: string; to: string; text: string; state: State; states: Partial<Record<State, string>> };
type Hook = { event: string; payload: Record<string, unknown>; tries?: number };

export type FakeAppOptions = {
  /** `http://127.0.0.1:<port>/api/mobile/v1`, the "API URL" typed in the app. */
  apiUrl: string;
  /** The phone's own number (the app redacts it to its last 4 characters). */
  phoneNumber: string;
  /** The phone's clock (tests with a moved server clock keep the phone in step). */
  now?: () => Date;
  /** Numbers the phone fails to text (the SIM refuses). */
  failTo?: Set<string>;
  /** Whether the network reports delivery. */
  delivers?: boolean;
  /** How long one text takes to leave the phone. */
  sendDelayMs?: number;
  /**
   * A server behind HTTPS whose certificate a test CA signed: the CA the phone trusts (a user-installed
   * CA, in the app's terms), and a fetch that trusts it (Node's own takes no CA).
   */
  tls?: { ca: string; fetch: typeof fetch };
};

export class FakeSmsGatewayApp {
  readonly journal = new Map<string, Held>();
  /** Every text that left the phone, in order: what its recipients got. */
  readonly sent: { id: string; to: string; text: string }[] = [];
  /** Every answer of the server to a webhook, in order. */
  readonly webhookAnswers: number[] = [];
  /** Every SSE event type received. */
  readonly events: string[] = [];
  /** Texts the server offered again that the phone already held (it sent their state instead). */
  reoffered = 0;
  deviceId: string | null = null;
  token: string | null = null;
  settings: Record<string, Record<string, unknown>> = {};
  webhooks: { id: string; url: string; event: string }[] = [];
  private readonly outbox: string[] = [];
  private readonly states = new Set<string>();
  private readonly hooks: Hook[] = [];
  private alive = false;
  private stream: http.ClientRequest | null = null;
  private running: Promise<void> | null = null;
  private wanted = false;
  private pullAgain = false;
  private connectedWaiters: (() => void)[] = [];
  private readonly now: () => Date;
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: FakeAppOptions) {
    this.now = opts.now ?? (() => new Date());
    this.fetch = opts.tls?.fetch ?? fetch;
  }

  private redacted() {
    const n = this.opts.phoneNumber;
    return '*'.repeat(Math.max(0, n.length - 4)) + n.slice(-4);
  }

  private async request(f: Fixture, vars: Record<string, string>) {
    const filled = fill(f, vars);
    const res = await this.fetch(`${this.opts.apiUrl}${filled.path ?? ''}`, {
      method: filled.method,
      headers: filled.headers,
      ...(filled.body !== undefined ? { body: gsonJson(filled.body) } : {}),
    });
    const text = await res.text();
    // `expectSuccess = true` in GatewayApi: a non-2xx answer is an exception.
    if (!res.ok) throw Object.assign(new Error(`${res.status} ${text}`), { status: res.status });
    return text ? (JSON.parse(text) as unknown) : null;
  }

  private bearer() {
    if (!this.token) throw new Error('not registered');
    return { token: this.token };
  }

  /** "By Code": registers with the code, then reads its settings and webhooks, as the gateway's start does. */
  async register(code: string) {
    const res = (await this.request(fixture('register'), { code, redactedPhone: this.redacted() })) as {
      id: string;
      token: string;
    };
    this.deviceId = res.id;
    this.token = res.token;
    await this.refreshSettings();
    return res;
  }

  async refreshSettings() {
    const headers = {
      Authorization: `Bearer ${this.bearer().token}`,
      'User-Agent': 'me.capcom.smsgateway/1.68.0',
    };
    const settings = await this.fetch(`${this.opts.apiUrl}/settings`, { headers });
    if (!settings.ok) throw new Error(`settings ${settings.status}`);
    this.settings = (await settings.json()) as typeof this.settings;
    const hooks = await this.fetch(`${this.opts.apiUrl}/webhooks`, { headers });
    if (!hooks.ok) throw new Error(`webhooks ${hooks.status}`);
    this.webhooks = (await hooks.json()) as typeof this.webhooks;
  }

  /** The app goes online: the event stream, and its workers resume what its database holds. */
  start() {
    this.alive = true;
    this.openStream();
    // GatewayService.start: PullMessagesWorker.start, before anything else.
    this.pull();
  }

  /** The app is killed: its stream and work stop at once; its database stays. */
  kill() {
    this.alive = false;
    this.stream?.destroy();
    this.stream = null;
  }

  /** Resolves once the event stream is open. */
  connected(): Promise<void> {
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  private openStream() {
    const url = new URL(`${this.opts.apiUrl}/events`);
    const get = url.protocol === 'https:' ? https.get : http.get;
    const options = { headers: { Authorization: `Bearer ${this.bearer().token}` }, ca: this.opts.tls?.ca };
    const req = get(url, options, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return;
      }
      // onConnected: PullMessagesWorker.start
      this.pull();
      for (const w of this.connectedWaiters.splice(0)) w();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n').filter((l) => !l.startsWith(':'));
          if (lines.length === 0) continue;
          const type =
            lines
              .find((l) => l.startsWith('event:'))
              ?.slice(6)
              .trim() ?? 'MessageEnqueued';
          this.events.push(type);
          if (type === 'MessageEnqueued') this.pull();
          if (type === 'SettingsUpdated') void this.refreshSettings().catch(() => undefined);
        }
      });
      res.on('end', () => this.reconnect(req));
    });
    req.on('error', () => this.reconnect(req));
    this.stream = req;
  }

  /** SSEManager.scheduleReconnect, shortened for tests. */
  private reconnect(req: http.ClientRequest) {
    if (this.stream !== req || !this.alive) return;
    this.stream = null;
    setTimeout(() => {
      if (this.alive && !this.stream) this.openStream();
    }, 50);
  }

  /** PullMessagesWorker: one pull at a time, another after it if asked meanwhile. */
  pull() {
    this.pullAgain = true;
    this.wake();
  }

  private wake() {
    this.wanted = true;
    if (this.running || !this.alive) return;
    this.running = this.work().finally(() => {
      this.running = null;
      if (this.wanted && this.alive) this.wake();
    });
  }

  /** Waits until the app has nothing left to do (or is killed). */
  async idle() {
    while (this.running) await this.running;
  }

  private async work() {
    while (this.alive && this.wanted) {
      this.wanted = false;
      try {
        if (this.pullAgain) {
          this.pullAgain = false;
          await this.getNewMessages();
        }
        while (this.alive && this.outbox.length) await this.sendNext();
        for (const id of [...this.states]) if (this.alive) await this.sendState(id);
        while (this.alive && this.hooks.length) await this.postHook(this.hooks[0]!);
      } catch {
        // WorkManager retries with backoff.
        if (this.alive) {
          await new Promise((r) => setTimeout(r, 50));
          this.wanted = true;
        }
      }
    }
  }

  private async getNewMessages() {
    const messages = (await this.request(fixture('get-messages'), this.bearer())) as {
      id: string;
      textMessage?: { text: string };
      message?: string;
      phoneNumbers: string[];
      state?: State | null;
    }[];
    for (const m of messages) {
      if (m.state && m.state !== 'Pending') continue;
      if (this.journal.has(m.id)) {
        // messagesService.getMessage(id) != null → SendStateWorker.start(id)
        this.reoffered++;
        this.states.add(m.id);
        continue;
      }
      this.journal.set(m.id, {
        id: m.id,
        to: m.phoneNumbers[0]!,
        text: m.textMessage?.text ?? m.message ?? '',
        state: 'Pending',
        states: {},
      });
      this.outbox.push(m.id);
    }
  }

  private setState(held: Held, state: State) {
    held.state = state;
    held.states[state] = appDate(this.now());
    this.states.add(held.id);
    const event = { Sent: 'sms:sent', Delivered: 'sms:delivered', Failed: 'sms:failed' }[state as string];
    if (!event) return;
    const at = appDate(this.now());
    const payload: Record<string, unknown> =
      state === 'Sent'
        ? { partsCount: 1, sentAt: at }
        : state === 'Delivered'
          ? { deliveredAt: at }
          : { failedAt: at, reason: 'RESULT_ERROR_GENERIC_FAILURE' };
    this.hooks.push({
      event,
      payload: { ...payload, messageId: held.id, recipient: held.to, simNumber: 1, phoneNumber: held.to },
    });
  }

  /** Texts journalled and not sent yet. */
  pending() {
    return this.outbox.length;
  }

  private async sendNext() {
    const held = this.journal.get(this.outbox[0]!)!;
    if (this.opts.sendDelayMs) await new Promise((r) => setTimeout(r, this.opts.sendDelayMs));
    if (!this.alive) return;
    this.setState(held, 'Processed');
    if (this.opts.failTo?.has(held.to)) this.setState(held, 'Failed');
    else {
      this.sent.push({ id: held.id, to: held.to, text: held.text });
      this.setState(held, 'Sent');
      if (this.opts.delivers !== false) this.setState(held, 'Delivered');
    }
    this.outbox.shift();
  }

  private async sendState(id: string) {
    const held = this.journal.get(id)!;
    const f = fixture('patch-message');
    const body = [
      {
        id: held.id,
        state: held.state,
        recipients: [{ phoneNumber: held.to, state: held.state }],
        states: held.states,
      },
    ];
    await this.request({ ...f, body }, this.bearer());
    this.states.delete(id);
  }

  /** A text comes in: `sms:received` posted to its webhook, signed. */
  receive(from: string, text: string, at = this.now()) {
    const messageId = (Math.floor(Math.random() * 0xffffffff) >>> 0).toString(16);
    this.hooks.push({
      event: 'sms:received',
      payload: {
        message: text,
        receivedAt: appDate(at),
        messageId,
        sender: from,
        simNumber: 1,
        phoneNumber: from,
      },
    });
    this.wake();
  }

  /** The webhook body as the app builds it (WebHookEventDTO), and its signed headers. */
  signedWebhook(hook: Hook, opts: { timestamp?: number; key?: string } = {}) {
    const name = hook.event === 'sms:received' ? 'webhook-sms-received' : 'webhook-sms-sent';
    const f = fixture(name);
    const body = gsonJson({
      ...(f.body as object),
      id: Math.random().toString(36).slice(2, 23),
      webhookId: `prospector-${hook.event.replace(':', '-')}`,
      event: hook.event,
      deviceId: this.deviceId,
      payload: hook.payload,
    });
    const timestamp = String(opts.timestamp ?? Math.floor(this.now().getTime() / 1000));
    const key = opts.key ?? String(this.settings['webhooks']?.['signing_key'] ?? '');
    const headers = {
      ...f.headers,
      'X-Timestamp': timestamp,
      'X-Signature': sign(key, body, timestamp),
    };
    return { body, headers };
  }

  private async postHook(hook: Hook) {
    const target = this.webhooks.find((w) => w.event === hook.event);
    if (!target) {
      this.hooks.shift();
      return;
    }
    const { body, headers } = this.signedWebhook(hook);
    const res = await this.fetch(target.url, { method: 'POST', headers, body });
    await res.text();
    this.webhookAnswers.push(res.status);
    // SendWebhookWorker: retried while not 2xx, up to the retry count (15 by default), then dropped.
    if (!res.ok && (hook.tries = (hook.tries ?? 0) + 1) < 15) throw new Error(`webhook ${res.status}`);
    this.hooks.shift();
  }
}

/**
 * A phone with the app, registered with a fresh one-time code of the user's team (asked for as the
 * Devices screen asks) and online on its event stream. The app listens at the code's API URL, so the
 * test app's PUBLIC_URL must be where it listens.
 */
export async function connectAppPhone(
  t: TestApp,
  user: TestUser,
  phoneNumber: string,
  opts: Omit<FakeAppOptions, 'apiUrl' | 'phoneNumber'> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/smsGatewayCode',
    headers: user.headers,
    payload: { value: phoneNumber },
  });
  if (res.statusCode !== 200) throw new Error(`no code: ${res.statusCode} ${res.body}`);
  const made = res.json<{ code: string; apiUrl: string }>();
  const phone = new FakeSmsGatewayApp({ apiUrl: made.apiUrl, phoneNumber, ...opts });
  await phone.register(made.code.replace(/\s/g, ''));
  const connected = phone.connected();
  phone.start();
  await connected;
  return phone;
}
