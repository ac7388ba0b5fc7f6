import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const HOT = '7c1f0a52-3b9e-4d2a-9c61-0e4b8f2d7a10';
const COLD = '2d8e6b41-5a0c-4f7e-8b23-9c1d4e6f0a35';
const STATUSES = [
  { _id: HOT, text: 'Hot', count: 2 },
  { _id: COLD, text: 'Cold', count: 0 },
];

type Download = { name: string; content: string };
let downloads: Download[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  downloads = [];
  blobs.clear();
  // jsdom has neither object URLs nor downloads: record what the browser would save instead.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((content) => downloads.push({ name: this.download, content }));
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function setUp(routes: Record<string, FakeRoute> = {}) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'POST /api/items/countExport': { status: 200, body: { statuses: STATUSES } },
    'POST /api/items/export': {
      status: 200,
      body: { fileName: 'Hot.csv', csv: 'First name,Phone\nAnn,+16155550101\n', rows: 1 },
    },
    ...routes,
  });
  return renderApp('/export-contacts', { token: 'token-ann' });
}

describe('export', () => {
  it('lists every status with its count', async () => {
    setUp();
    expect(await screen.findByRole('radio', { name: 'Hot (2)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cold (0)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it("downloads the chosen status's contacts as a file named after it", async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('radio', { name: 'Hot (2)' }));

    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() =>
      expect(downloads).toEqual([{ name: 'Hot.csv', content: 'First name,Phone\nAnn,+16155550101\n' }]),
    );
    expect(requestsTo('POST', '/api/items/export')[0]?.body).toEqual({ condition: HOT });
  });

  it('sends nothing for a status without contacts', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('radio', { name: 'Cold (0)' }));

    await user.click(screen.getByRole('button', { name: 'Export' }));

    expect(screen.getByText(messages.lists.exportEmpty)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/items/export')).toHaveLength(0);
    expect(downloads).toEqual([]);
  });

  it('downloads nothing when the export has no rows after all, and reads the counts again', async () => {
    const { user } = setUp({
      'POST /api/items/export': {
        status: 200,
        body: { fileName: 'Hot.csv', csv: 'First name,Phone\n', rows: 0 },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Hot (2)' }));

    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(requestsTo('POST', '/api/items/countExport')).toHaveLength(2));
    expect(downloads).toEqual([]);
  });
});
