import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripeConnect, type FakeStripeConnect } from '../../test/fake-stripe-connect.js';
import { PayoutRefusedError, PayoutUnavailableError } from './payouts.js';
import { createStripeConnect } from './stripe-connect.js';

let fake: FakeStripeConnect;
beforeAll(async () => {
  fake = await startFakeStripeConnect();
});
afterAll(async () => {
  await fake.close();
});

const connect = (opts: { secretKey?: string; maxNetworkRetries?: number } = {}) =>
  createStripeConnect({ secretKey: fake.secretKey, apiBase: fake.url, maxNetworkRetries: 0, ...opts });

describe('Stripe Connect payouts', () => {
  it('opens an Express account that cannot receive payouts until its onboarding is done', async () => {
    const payouts = connect();
    const { accountId } = await payouts.createAccount({ email: 'rita@referrals.test', userId: 'u-1' });
    expect(accountId).toMatch(/^acct_/);
    expect(fake.accounts.get(accountId)).toMatchObject({
      email: 'rita@referrals.test',
      metadata: { userId: 'u-1' },
    });
    expect(await payouts.accountStatus(accountId)).toEqual({ payoutsEnabled: false });
    fake.completeOnboarding(accountId);
    expect(await payouts.accountStatus(accountId)).toEqual({ payoutsEnabled: true });
  });

  it('opens one account per user even when asked twice (the first answer lost)', async () => {
    const payouts = connect();
    const a = await payouts.createAccount({ email: 'x@y.test', userId: 'u-twice' });
    const b = await payouts.createAccount({ email: 'x@y.test', userId: 'u-twice' });
    expect(b.accountId).toBe(a.accountId);
  });

  it('makes an onboarding link that comes back to the given pages', async () => {
    const payouts = connect();
    const { accountId } = await payouts.createAccount({ email: 'l@y.test', userId: 'u-link' });
    const url = new URL(
      await payouts.onboardingLink({
        accountId,
        returnUrl: 'https://app.test/settings/affiliate',
        refreshUrl: 'https://app.test/settings/become-affiliate',
      }),
    );
    expect(url.origin).toBe(fake.url);
    expect(url.searchParams.get('return_url')).toBe('https://app.test/settings/affiliate');
    expect(url.searchParams.get('refresh_url')).toBe('https://app.test/settings/become-affiliate');
  });

  it('transfers once per reference, however often it is sent', async () => {
    const payouts = connect();
    const { accountId } = await payouts.createAccount({ email: 't@y.test', userId: 'u-transfer' });
    fake.completeOnboarding(accountId);
    const count = fake.transfers.length;
    const input = { accountId, amountCents: 1234, reference: 'ref-once', description: 'earnings' };
    const first = await payouts.transfer(input);
    const second = await payouts.transfer(input);
    expect(second.transferId).toBe(first.transferId);
    expect(fake.transfers.slice(count)).toEqual([
      expect.objectContaining({ amount: 1234, currency: 'usd', destination: accountId }),
    ]);
  });

  it('retries a transfer whose answer was lost with the same key, paying once', async () => {
    const payouts = connect({ maxNetworkRetries: 2 });
    const { accountId } = await payouts.createAccount({ email: 'r@y.test', userId: 'u-retry' });
    fake.completeOnboarding(accountId);
    const count = fake.transfers.length;
    fake.dropTransferAnswers = 1;
    await payouts.transfer({ accountId, amountCents: 700, reference: 'ref-retry', description: 'earnings' });
    expect(fake.transfers.length).toBe(count + 1);
  });

  it('reports a refusal (4xx) as refused and a failure it cannot see through as unavailable', async () => {
    const payouts = connect();
    const { accountId } = await payouts.createAccount({ email: 'n@y.test', userId: 'u-not-onboarded' });
    await expect(
      payouts.transfer({ accountId, amountCents: 100, reference: 'ref-refused', description: 'x' }),
    ).rejects.toBeInstanceOf(PayoutRefusedError);
    fake.completeOnboarding(accountId);
    fake.failNextTransfer = 'status500';
    await expect(
      payouts.transfer({ accountId, amountCents: 100, reference: 'ref-500', description: 'x' }),
    ).rejects.toBeInstanceOf(PayoutUnavailableError);
    await expect(
      connect({ secretKey: 'sk_test_wrongKey000' }).accountStatus(accountId),
    ).rejects.toBeInstanceOf(PayoutRefusedError);
  });

  it('reports an unreachable service as unavailable', async () => {
    const payouts = createStripeConnect({
      secretKey: fake.secretKey,
      apiBase: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
    });
    await expect(payouts.accountStatus('acct_x')).rejects.toBeInstanceOf(PayoutUnavailableError);
  });
});
