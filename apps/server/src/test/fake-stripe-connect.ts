import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP fake of the Stripe API paths the payouts adapter uses, answering as Stripe's published
 * API description says (github.com/stripe/openapi: the objects' shapes from fixtures3.json — that
 * snapshot's spec3.json was too large to be stored — and the parameters from the `stripe` package's
 * generated types): form-encoded requests, Bearer secret keys, `Idempotency-Key` on POSTs (a replay
 * answers the first response with `Idempotent-Replayed: true`; the key reused with other parameters
 * is an `idempotency_error`), and errors as `{ error: { type, code, message, param } }`.
 *
 *   POST /v1/accounts            account (type, email, capabilities[transfers][requested], metadata)
 *   GET  /v1/accounts/{account}  account
 *   POST /v1/account_links       account_link (account, type, return_url, refresh_url)
 *   POST /v1/transfers           transfer (amount, currency, destination, description, metadata)
 */

type Account = {
  id: string;
  email: string | null;
  payouts_enabled: boolean;
  metadata: Record<string, string>;
};
type Transfer = {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
};

export type FakeStripeConnect = {
  url: string;
  secretKey: string;
  accounts: Map<string, Account>;
  transfers: Transfer[];
  /** What the platform can still transfer, in cents. */
  balanceCents: number;
  /** The next POST /v1/transfers is answered 500, having done nothing. */
  failNextTransfer: 'status500' | null;
  /** So many POST /v1/transfers answers are lost (the connection closes after the work, replays too). */
  dropTransferAnswers: number;
  /** What a person finishing onboarding does: the account can now receive payouts. */
  completeOnboarding(accountId: string): void;
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);
let sequence = 0;
const newId = (prefix: string) => `${prefix}_fake${(++sequence).toString(36).padStart(10, '0')}`;

function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: object = {}) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...extra } }));
}

function accountObject(a: Account) {
  return {
    id: a.id,
    object: 'account',
    type: 'express',
    email: a.email,
    country: 'US',
    default_currency: 'usd',
    created: now(),
    charges_enabled: false,
    payouts_enabled: a.payouts_enabled,
    details_submitted: a.payouts_enabled,
    capabilities: { transfers: a.payouts_enabled ? 'active' : 'inactive' },
    metadata: a.metadata,
    requirements: { currently_due: a.payouts_enabled ? [] : ['external_account', 'tos_acceptance.date'] },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startFakeStripeConnect(): Promise<FakeStripeConnect> {
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const fake: FakeStripeConnect = {
    url: '',
    secretKey: 'sk_test_fakeConnect123',
    accounts: new Map(),
    transfers: [],
    balanceCents: 1_000_000,
    failNextTransfer: null,
    dropTransferAnswers: 0,
    completeOnboarding(accountId) {
      const account = fake.accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.payouts_enabled = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: object } {
    const missing = (param: string) => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param,
          message: `Missing required param: ${param}.`,
        },
      },
    });
    if (method === 'POST' && path === '/v1/accounts') {
      const type = form.get('type');
      if (type && !['custom', 'express', 'standard', 'none'].includes(type))
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', param: 'type', message: `Invalid type: ${type}` } },
        };
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const account: Account = {
        id: newId('acct'),
        email: form.get('email'),
        payouts_enabled: false,
        metadata,
      };
      fake.accounts.set(account.id, account);
      return { status: 200, body: accountObject(account) };
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountPath) {
      const account = fake.accounts.get(decodeURIComponent(accountPath[1]!));
      if (!account)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'account',
              message: `No such account: '${accountPath[1]}'`,
            },
          },
        };
      return { status: 200, body: accountObject(account) };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      for (const p of ['account', 'type']) if (!form.get(p)) return missing(p);
      const account = fake.accounts.get(form.get('account')!);
      if (!account)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'account',
              message: `No such account: '${form.get('account')}'`,
            },
          },
        };
      if (!['account_onboarding', 'account_update'].includes(form.get('type')!))
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', param: 'type', message: 'Invalid type' } },
        };
      if (form.get('type') === 'account_onboarding' && !form.get('return_url')) return missing('return_url');
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${fake.url}/setup/e/${account.id}?return_url=${encodeURIComponent(form.get('return_url') ?? '')}&refresh_url=${encodeURIComponent(form.get('refresh_url') ?? '')}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      for (const p of ['amount', 'currency', 'destination']) if (!form.get(p)) return missing(p);
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 1)
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', param: 'amount', message: 'Invalid positive integer' },
          },
        };
      const destination = fake.accounts.get(form.get('destination')!);
      if (!destination)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'destination',
              message: `No such destination: '${form.get('destination')}'`,
            },
          },
        };
      if (!destination.payouts_enabled)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'insufficient_capabilities_for_transfer',
              param: 'destination',
              message:
                'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            },
          },
        };
      if (amount > fake.balanceCents)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'You have insufficient available funds in your Stripe account.',
            },
          },
        };
      fake.balanceCents -= amount;
      const transfer: Transfer = {
        id: newId('tr'),
        amount,
        currency: form.get('currency')!,
        destination: destination.id,
        transfer_group: form.get('transfer_group'),
      };
      fake.transfers.push(transfer);
      return {
        status: 200,
        body: {
          object: 'transfer',
          created: now(),
          amount_reversed: 0,
          reversed: false,
          livemode: false,
          description: form.get('description'),
          metadata: {},
          ...transfer,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      },
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = req.method === 'POST' ? await readBody(req) : url.search.slice(1);
      if (req.headers.authorization !== `Bearer ${fake.secretKey}`)
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const keyId = typeof key === 'string' ? `${url.pathname} ${key}` : null;
      const replay = keyId ? idempotent.get(keyId) : undefined;
      const isTransfer = req.method === 'POST' && url.pathname === '/v1/transfers';
      const dropAnswer = () => {
        if (!isTransfer || fake.dropTransferAnswers === 0) return false;
        fake.dropTransferAnswers -= 1;
        req.socket.destroy();
        return true;
      };
      if (replay) {
        if (replay.params !== raw)
          return stripeError(
            res,
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          );
        if (dropAnswer()) return;
        res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(replay.body);
      }
      if (isTransfer && fake.failNextTransfer === 'status500') {
        fake.failNextTransfer = null;
        return stripeError(res, 500, 'api_error', 'An unknown error occurred.');
      }
      const answer = handle(req.method ?? 'GET', url.pathname, new URLSearchParams(raw));
      const body = JSON.stringify(answer.body);
      // Stripe saves the result of a keyed request that ran, errors included (not 500s).
      if (keyId) idempotent.set(keyId, { params: raw, status: answer.status, body });
      if (dropAnswer()) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
