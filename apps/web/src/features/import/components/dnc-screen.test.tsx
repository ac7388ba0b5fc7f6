import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { importDnc, messages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { importDncPhones } from '../api/import-dnc';

function answerDnc(routes: Record<string, FakeRoute> = {}) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'POST /api/items/import-dnc': ({ body }) => {
      const { phones } = body as { phones: string[] };
      return {
        status: 200,
        body: { read: phones.length, added: phones.length - 1, invalid: 0, identifiersMarked: 3 },
      };
    },
    ...routes,
  });
}

function setUp(routes: Record<string, FakeRoute> = {}) {
  answerDnc(routes);
  return renderApp('/import-dnc', { token: 'token-ann' });
}

const csv = (text: string, name = 'dnc.csv') => new File([text], name, { type: 'text/csv' });

describe('DNC import', () => {
  it('always shows the warning that imported DNC phones cannot be changed later', async () => {
    setUp();
    expect(await screen.findByText(messages.lists.dncWarning)).toBeInTheDocument();
  });

  it("refuses a file without a column named exactly 'Phone' and sends nothing", async () => {
    const { user } = setUp();
    await user.upload(await screen.findByLabelText('DNC file'), csv('phone,Name\n+16155550101,Ann\n'));

    await waitFor(() => expect(screen.getAllByText(messages.lists.dncColumn)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Import DNCs' })).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/items/import-dnc')).toHaveLength(0);
  });

  it("sends the file's phones, once each, and shows what the import did", async () => {
    const { user } = setUp();
    await user.upload(
      await screen.findByLabelText('DNC file'),
      csv('\uFEFFName,Phone\nAnn,+16155550101\nBob, 615-555-0102 \n\nCy,\nDee,+16155550101\n'),
    );
    expect(await screen.findByText('2 phone numbers found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import DNCs' }));

    await waitFor(() => expect(requestsTo('POST', '/api/items/import-dnc')).toHaveLength(1));
    expect(requestsTo('POST', '/api/items/import-dnc')[0]?.body).toEqual({
      phones: ['+16155550101', '615-555-0102'],
    });
    const stats = await screen.findByRole('group', { name: 'DNC import result' });
    expect(within(stats).getByRole('group', { name: 'Phones read' })).toHaveTextContent(/^2Phones read$/);
    expect(within(stats).getByRole('group', { name: 'Added to your DNC list' })).toHaveTextContent(/^1A/);
    expect(within(stats).getByRole('group', { name: 'Invalid phones' })).toHaveTextContent(/^0I/);
    expect(within(stats).getByRole('group', { name: "Contacts' phones marked DNC" })).toHaveTextContent(
      /^3C/,
    );
    expect(screen.getByText('DNC import finished: 1 new phone added to your DNC list.')).toBeInTheDocument();
  });

  it('sends more than 100,000 phones in batches of at most 100,000 and adds up the answers', async () => {
    answerDnc();
    const phones = Array.from({ length: 100_001 }, (_, i) => `+1615${String(i).padStart(7, '0')}`);

    const totals = await importDncPhones(phones);

    const sent = requestsTo('POST', '/api/items/import-dnc').map(
      (r) => (r.body as { phones: string[] }).phones,
    );
    expect(sent.map((batch) => batch.length)).toEqual([100_000, 1]);
    for (const request of requestsTo('POST', '/api/items/import-dnc')) {
      expect(importDnc.body?.safeParse(request.body).success).toBe(true);
    }
    expect(sent.flat()).toEqual(phones);
    expect(totals).toEqual({ read: 100_001, added: 99_999, invalid: 0, identifiersMarked: 6 });
  });
});
