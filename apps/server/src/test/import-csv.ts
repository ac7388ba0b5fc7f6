import type { ListDto, RecordType } from '@prospector/core';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';
import { multipartFile } from './multipart.js';

export type Mapping = { name: string; type: RecordType; matchesTo: string };
export type Uploaded = {
  fileId: string;
  columns: string[];
  rowCount: number;
  maxRows: number;
  customFields: Record<RecordType, { _id: string; name: string }[]>;
  lastMapping: Mapping[] | null;
};

/** Uploads a file (CSV text, or a file's bytes under its name), as the import screen does. */
export async function uploadCsv(
  t: TestApp,
  user: TestUser,
  content: string | Buffer,
  fileName = 'leads.csv',
): Promise<Uploaded> {
  const { payload, contentType } = multipartFile(fileName, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/upload',
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Uploaded>();
}

/** Starts importing an uploaded file ('My list', +1 unless told); answers the reply, refusals included. */
export function startImport(
  t: TestApp,
  user: TestUser,
  body: { fileId: string; fields: Mapping[]; name?: string; countryCode?: string; firstRows?: number },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/lists/import',
    headers: user.headers,
    payload: { name: 'My list', countryCode: '+1', ...body },
  });
}

/** Waits for the import a successful start began, and answers its list as the list page reads it. */
export async function importedList(
  t: TestApp,
  user: TestUser,
  started: Awaited<ReturnType<typeof startImport>>,
): Promise<ListDto> {
  expect(started.statusCode, started.body).toBe(200);
  await t.app.services.imports.idle();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lists/byId/${started.json<{ list: ListDto }>().list._id}/0`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ list: ListDto }>().list;
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
  const res = await startImport(t, user, { name, fileId, fields });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.services.imports.idle();
  return res.json<{ list: ListDto }>().list;
}
