import type { ListDto, RecordType } from '@prospector/core';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';
import { multipartFile } from './multipart.js';

export type Mapping = { name: string; type: RecordType; matchesTo: string };
export type Uploaded = {
  fileId: string;
  columns: string[];
  customFields: Record<RecordType, { _id: string; name: string }[]>;
};

/** Uploads a CSV given as text, as the import screen does. */
export async function uploadCsv(t: TestApp, user: TestUser, csv: string): Promise<Uploaded> {
  const { payload, contentType } = multipartFile('leads.csv', csv);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/upload',
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Uploaded>();
}

/** Uploads and imports a CSV given as text, and waits until the import has finished. */
export async function importCsv(
  t: TestApp,
  user: TestUser,
  csv: string,
  fields: Mapping[],
  name = 'My list',
): Promise<ListDto> {
  const { fileId } = await uploadCsv(t, user, csv);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/import',
    headers: user.headers,
    payload: { name, countryCode: '+1', fileId, fields },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.services.imports.idle();
  return res.json<{ list: ListDto }>().list;
}
