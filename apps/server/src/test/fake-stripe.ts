import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP fake of the Stripe API endpoints the adapter uses (providers/payments/stripe-payments.ts),
 * answering as Stripe's OpenAPI description (github:stripe/openapi, spec3 and fixtures3) and its
 * documentation say:
 * - requests are form-encoded (`a[b][0][c]=v`), authenticated by `Authorization: Bearer sk_…`;
 * - errors are `{ error: { type, code, decline_code, message, param, payment_intent } }` with the
 *   documented statuses (400 invalid_request_error, 401 bad key, 402 card_error, 404 resource_missing);
 * - a POST with an `Idempotency-Key` seen before is answered with the first answer (status and body,
 *   `Idempotent-Replayed: true`); the same key with other parameters is a 400 idempotency_error; the
 *   same key while its first request is still running is a 409 idempotency_error;
 * - objects have the shapes of the API version the `stripe` package pins (subscription items carry
 *   `current_period_end`; an invoice names its subscription under `parent.subscription_details`).
 * Test cards are Stripe's test PaymentMethods: `pm_card_visa`, `pm_card_mastercard`, and
 * `pm_card_chargeCustomerFail` (saves, then every charge is declined). Confirming a SetupIntent is
 * what Stripe.js does in the browser; tests call it as `confirmSetupIntent`.
 *
 * Events are kept as Stripe makes them, and sent on request (or at once with `autoDeliver`) to
 * `webhookUrl`, signed as Stripe signs: `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256(secret, "t.body")>`.
 */

type Obj = Record<string, unknown>;
export type FakeEvent = { id: string; type: string; created: number; data: { object: Obj } };
export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  body: Obj;
};

const TEST_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: true },
};

/** Reads a form-encoded body into nested objects and arrays, as Stripe does. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    let node: Obj = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const slot = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[slot] = value;
      else node = (node[slot] ??= {}) as Obj;
    });
  }
  return arraysOf(root) as Obj;
}

/** `{0: a, 1: b}` read as `[a, b]`, all the way down. */
function arraysOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const o = value as Obj;
  const keys = Object.keys(o);
  const mapped = Object.fromEntries(keys.map((k) => [k, arraysOf(o[k])]));
  return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => mapped[k]) : mapped;
}

class StripeFail extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body['message']));
  }
}
const invalid = (message: string, param?: string) =>
  new StripeFail(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFail(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

export type FakeStripe = {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events go; set it once the app listens. */
  webhookUrl: string | null;
  /** Sends each event as it happens (otherwise tests deliver them with `deliver`). */
  autoDeliver: boolean;
  requests: FakeRequest[];
  events: FakeEvent[];
  /** Makes every answer a 500 api_error (Stripe is down). */
  failing: boolean;
  /** Milliseconds each request takes (to let concurrent requests overlap). */
  latencyMs: number;
  customers: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** What Stripe.js does in the browser: confirms a SetupIntent with a test card. */
  confirmSetupIntent(id: string, testCard: keyof typeof TEST_CARDS): Promise<Obj>;
  /** Ends a subscription's period: a cancel-at-period-end subscription is deleted, as Stripe does. */
  endPeriod(subscriptionId: string): FakeEvent[];
  /** Signs an event as Stripe does (a `timestamp` in the past makes a stale one). */
  sign(payload: string, timestamp?: number): string;
  /** Posts an event to `webhookUrl`, signed; answers the HTTP status. */
  deliver(event: FakeEvent, opts?: { timestamp?: number; tamper?: boolean }): Promise<number>;
  eventsOf(type: string): FakeEvent[];
  close(): Promise<void>;
};

export async function startFakeStripe(opts: { autoDeliver?: boolean } = {}): Promise<FakeStripe> {
  let seq = 0;
  const id = (prefix: string) =>
    `${prefix}_${(++seq).toString(36).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const idempotent = new Map<string, { body: string; status?: number; answer?: string }>();

  const fake: FakeStripe = {
    url: '',
    secretKey: `sk_test_fake${randomBytes(8).toString('hex')}`,
    publishableKey: `pk_test_fake${randomBytes(8).toString('hex')}`,
    webhookSecret: `whsec_fake${randomBytes(12).toString('hex')}`,
    webhookUrl: null,
    autoDeliver: opts.autoDeliver ?? false,
    requests: [],
    events: [],
    failing: false,
    latencyMs: 0,
    customers: new Map(),
    paymentIntents: new Map(),
    subscriptions: new Map(),
    async confirmSetupIntent(siId, testCard) {
      const si = setupIntents.get(siId);
      if (!si) throw missing('setup_intent', siId);
      const pm = paymentMethodFrom(testCard, si['customer'] as string);
      Object.assign(si, { status: 'succeeded', payment_method: pm['id'] });
      await emit('setup_intent.succeeded', si);
      return si;
    },
    endPeriod(subId) {
      const sub = fake.subscriptions.get(subId);
      if (!sub) throw missing('subscription', subId);
      const before = fake.events.length;
      if (sub['cancel_at_period_end']) {
        Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: now() });
        void emit('customer.subscription.deleted', sub);
      } else {
        renew(sub);
      }
      return fake.events.slice(before);
    },
    sign(payload, timestamp = now()) {
      const v1 = createHmac('sha256', fake.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
      return `t=${timestamp},v1=${v1}`;
    },
    async deliver(event, o = {}) {
      if (!fake.webhookUrl) throw new Error('fake Stripe: no webhookUrl to deliver to');
      const payload = JSON.stringify({
        object: 'event',
        api_version: '2026-10-28.endive',
        livemode: false,
        ...event,
      });
      const signature = fake.sign(payload, o.timestamp);
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: o.tamper ? payload.replace(/"amount_received":(\d+)/, '"amount_received":9$1') : payload,
      });
      await res.arrayBuffer();
      return res.status;
    },
    eventsOf: (type) => fake.events.filter((e) => e.type === type),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function emit(type: string, object: Obj) {
    const event: FakeEvent = {
      id: id('evt'),
      type,
      created: now(),
      data: { object: structuredClone(object) },
    };
    fake.events.push(event);
    if (fake.autoDeliver && fake.webhookUrl) await fake.deliver(event).catch(() => undefined);
  }

  function paymentMethodFrom(testCard: string, customer: string | null): Obj {
    const card = TEST_CARDS[testCard];
    if (!card) throw invalid(`No such PaymentMethod: '${testCard}'`, 'payment_method');
    const pm: Obj = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      created: now(),
      livemode: false,
      metadata: {},
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        country: 'US',
      },
      _declines: card.declines,
    };
    paymentMethods.set(pm['id'] as string, pm);
    return pm;
  }

  const publicOf = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));

  function customerOf(customerId: unknown): Obj {
    const c = fake.customers.get(String(customerId));
    if (!c) throw missing('customer', String(customerId), 'customer');
    return c;
  }

  function paymentMethodOf(pmId: unknown, customerId: unknown): Obj {
    const pm = paymentMethods.get(String(pmId));
    if (!pm) throw missing('payment_method', String(pmId), 'payment_method');
    if (pm['customer'] !== customerId)
      throw invalid(
        `The PaymentMethod ${String(pmId)} does not belong to the Customer you supplied.`,
        'payment_method',
      );
    return pm;
  }

  /** A charge of a saved card: succeeded, or Stripe's card_error with the PaymentIntent inside it. */
  async function charge(body: Obj): Promise<Obj> {
    const amount = Number(body['amount']);
    if (!Number.isInteger(amount) || amount < 50)
      throw invalid('Amount must be at least $0.50 usd', 'amount');
    customerOf(body['customer']);
    const pm = paymentMethodOf(body['payment_method'], body['customer']);
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body['currency'] ?? 'usd',
      customer: body['customer'],
      payment_method: pm['id'],
      description: body['description'] ?? null,
      metadata: body['metadata'] ?? {},
      created: now(),
      livemode: false,
      status: 'requires_payment_method',
      last_payment_error: null,
      client_secret: `pi_secret_${randomBytes(8).toString('hex')}`,
    };
    fake.paymentIntents.set(pi['id'] as string, pi);
    if (pm['_declines']) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        param: '',
      };
      pi['last_payment_error'] = error;
      await emit('payment_intent.payment_failed', pi);
      throw new StripeFail(402, { ...error, payment_intent: pi });
    }
    Object.assign(pi, { status: 'succeeded', amount_received: amount, latest_charge: id('ch') });
    await emit('payment_intent.succeeded', pi);
    return pi;
  }

  function priceOf(priceId: unknown): Obj {
    const p = [...prices.values()].find((x) => x['id'] === priceId);
    if (!p) throw missing('price', String(priceId), 'items[0][price]');
    return p;
  }

  function periodEnd(start: number, price: Obj) {
    const interval = (price['recurring'] as Obj)['interval'];
    return start + (interval === 'year' ? 365 : 30) * 86_400;
  }

  /** Invoices the subscription's current price, paid with its card (or left open when declined). */
  async function invoice(sub: Obj, reason: string): Promise<Obj> {
    const item = ((sub['items'] as Obj)['data'] as Obj[])[0]!;
    const price = item['price'] as Obj;
    const pm = paymentMethods.get(String(sub['default_payment_method']));
    const paid = !!pm && !pm['_declines'];
    const inv: Obj = {
      id: id('in'),
      object: 'invoice',
      customer: sub['customer'],
      billing_reason: reason,
      amount_due: price['unit_amount'],
      amount_paid: paid ? price['unit_amount'] : 0,
      currency: 'usd',
      status: paid ? 'paid' : 'open',
      created: now(),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub['id'], metadata: sub['metadata'] },
      },
      livemode: false,
    };
    invoices.set(inv['id'] as string, inv);
    sub['latest_invoice'] = inv['id'];
    await emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
    return inv;
  }

  function renew(sub: Obj) {
    const item = ((sub['items'] as Obj)['data'] as Obj[])[0]!;
    const start = item['current_period_end'] as number;
    Object.assign(item, {
      current_period_start: start,
      current_period_end: periodEnd(start, item['price'] as Obj),
    });
    void invoice(sub, 'subscription_cycle');
    void emit('customer.subscription.updated', sub);
  }

  function expand(o: Obj, body: Obj): Obj {
    const out = publicOf(o);
    const wants = (body['expand'] as string[] | undefined) ?? [];
    if (wants.includes('latest_invoice') && typeof out['latest_invoice'] === 'string')
      out['latest_invoice'] = invoices.get(out['latest_invoice']) ?? out['latest_invoice'];
    if (wants.includes('payment_method') && typeof out['payment_method'] === 'string')
      out['payment_method'] = publicOf(paymentMethods.get(out['payment_method'])!);
    return out;
  }

  const routes: { method: string; path: RegExp; run: (m: string[], body: Obj) => Promise<Obj> | Obj }[] = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      run: (_m, body) => {
        const c: Obj = {
          id: id('cus'),
          object: 'customer',
          name: body['name'] ?? null,
          email: body['email'] ?? null,
          metadata: body['metadata'] ?? {},
          created: now(),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        };
        fake.customers.set(c['id'] as string, c);
        return c;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      run: ([, cid], body) => {
        const c = customerOf(cid);
        const pmId = ((body['invoice_settings'] as Obj | undefined) ?? {})['default_payment_method'];
        if (pmId !== undefined) {
          paymentMethodOf(pmId, cid);
          c['invoice_settings'] = { default_payment_method: pmId };
        }
        return c;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/setup_intents$/,
      run: (_m, body) => {
        if (body['customer']) customerOf(body['customer']);
        const si: Obj = {
          id: id('seti'),
          object: 'setup_intent',
          customer: body['customer'] ?? null,
          usage: body['usage'] ?? 'off_session',
          status: 'requires_payment_method',
          payment_method: null,
          created: now(),
          livemode: false,
        };
        si['client_secret'] = `${String(si['id'])}_secret_${randomBytes(8).toString('hex')}`;
        setupIntents.set(si['id'] as string, si);
        return si;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/setup_intents\/([^/]+)$/,
      run: ([, sid], body) => {
        const si = setupIntents.get(sid!);
        if (!si) throw missing('setup_intent', sid!, 'intent');
        return expand(si, body);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      run: ([, sid], body) => fake.confirmSetupIntent(sid!, String(body['payment_method'])),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      run: (_m, body) => {
        if (body['confirm'] !== 'true')
          throw invalid('This fake confirms payments at creation only.', 'confirm');
        return charge(body);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/prices$/,
      run: (_m, body) => {
        const keys = (body['lookup_keys'] as string[] | undefined) ?? [];
        const data = keys.map((k) => prices.get(k)).filter((p): p is Obj => !!p);
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/prices$/,
      run: (_m, body) => {
        const key = body['lookup_key'] as string | undefined;
        if (key && prices.has(key))
          throw invalid(
            `A price (\`${String(prices.get(key)!['id'])}\`) already uses that lookup key.`,
            'lookup_key',
          );
        const price: Obj = {
          id: id('price'),
          object: 'price',
          active: true,
          currency: body['currency'],
          unit_amount: Number(body['unit_amount']),
          recurring: {
            interval: (body['recurring'] as Obj)['interval'],
            interval_count: 1,
            usage_type: 'licensed',
          },
          lookup_key: key ?? null,
          metadata: body['metadata'] ?? {},
          product: id('prod'),
          type: 'recurring',
          created: now(),
          livemode: false,
        };
        prices.set(key ?? (price['id'] as string), price);
        return price;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      run: async (_m, body) => {
        customerOf(body['customer']);
        paymentMethodOf(body['default_payment_method'], body['customer']);
        const price = priceOf(((body['items'] as Obj[])[0] ?? {})['price']);
        const start = now();
        const sub: Obj = {
          id: id('sub'),
          object: 'subscription',
          customer: body['customer'],
          status: 'incomplete',
          cancel_at_period_end: false,
          default_payment_method: body['default_payment_method'],
          metadata: body['metadata'] ?? {},
          created: start,
          start_date: start,
          livemode: false,
          latest_invoice: null,
          items: {
            object: 'list',
            has_more: false,
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                price,
                quantity: 1,
                current_period_start: start,
                current_period_end: periodEnd(start, price),
              },
            ],
          },
        };
        fake.subscriptions.set(sub['id'] as string, sub);
        const inv = await invoice(sub, 'subscription_create');
        sub['status'] = inv['status'] === 'paid' ? 'active' : 'incomplete';
        await emit('customer.subscription.created', sub);
        return expand(sub, body);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      run: ([, subId], body) => {
        const sub = fake.subscriptions.get(subId!);
        if (!sub) throw missing('subscription', subId!, 'subscription_exposed_id');
        return expand(sub, body);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      run: async ([, subId], body) => {
        const sub = fake.subscriptions.get(subId!);
        if (!sub) throw missing('subscription', subId!, 'subscription_exposed_id');
        if (sub['status'] === 'canceled')
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        if (body['cancel_at_period_end'] !== undefined)
          sub['cancel_at_period_end'] = body['cancel_at_period_end'] === 'true';
        const items = body['items'] as Obj[] | undefined;
        if (items?.[0]?.['price']) {
          const item = ((sub['items'] as Obj)['data'] as Obj[])[0]!;
          if (items[0]['id'] !== item['id'])
            throw missing('subscription_item', String(items[0]['id']), 'items[0][id]');
          item['price'] = priceOf(items[0]['price']);
          await invoice(sub, 'subscription_update');
        }
        await emit('customer.subscription.updated', sub);
        return expand(sub, body);
      },
    },
  ];

  async function answer(req: IncomingMessage, raw: string): Promise<{ status: number; body: Obj }> {
    if (fake.failing)
      return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${fake.secretKey}`)
      return {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${auth.slice(7, 15)}****`,
          },
        },
      };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
    for (const r of routes) {
      const m = r.method === req.method ? r.path.exec(url.pathname) : null;
      if (!m) continue;
      try {
        return { status: 200, body: publicOf(await r.run([...m], body)) };
      } catch (err) {
        if (err instanceof StripeFail) return { status: err.status, body: { error: err.body } };
        throw err;
      }
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method} ${url.pathname}).`,
        },
      },
    };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const key =
          req.method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
        const path = (req.url ?? '').split('?')[0]!;
        const seen = key ? idempotent.get(key) : undefined;
        const send = (status: number, text: string, replayed: boolean) => {
          fake.requests.push({
            method: req.method ?? '',
            path,
            idempotencyKey: key,
            replayed,
            body: parseForm(raw),
          });
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': `req_${randomBytes(6).toString('hex')}`,
            ...(key ? { 'idempotency-key': key } : {}),
            ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
          });
          res.end(text);
        };
        if (fake.latencyMs) await new Promise((r) => setTimeout(r, fake.latencyMs));
        if (key && seen) {
          if (seen.body !== `${path}?${raw}`)
            return send(
              400,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              }),
              false,
            );
          if (seen.answer === undefined)
            return send(
              409,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  code: 'idempotency_key_in_use',
                  message:
                    'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
                    key +
                    '. Please try again later.',
                },
              }),
              false,
            );
          return send(seen.status!, seen.answer, true);
        }
        const entry = { body: `${path}?${raw}` } as { body: string; status?: number; answer?: string };
        if (key) idempotent.set(key, entry);
        const out = await answer(req, raw);
        const text = JSON.stringify(out.body);
        // Stripe keeps the answer of a request that ran (including a card's decline), not of a 500.
        if (key && out.status < 500) Object.assign(entry, { status: out.status, answer: text });
        else if (key) idempotent.delete(key);
        send(out.status, text, false);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * A `payment_intent.succeeded` event for a card payment the team made outside this test's calls (the
 * fake's first customer pays `amount` cents), as Stripe would send it to the webhook.
 */
export function paymentSucceededEvent(
  stripe: Pick<FakeStripe, 'customers'>,
  teamId: string,
  amount: number,
  purpose = 'credits',
): FakeEvent {
  const id = `pi_${Math.random().toString(36).slice(2)}`;
  return {
    id: `evt_${id}`,
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        customer: [...stripe.customers.keys()][0]!,
        metadata: { purpose, teamId },
        status: 'succeeded',
      },
    },
  };
}
