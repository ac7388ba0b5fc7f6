import { serverMessages } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from './app.js';
import { TINY_PNG } from './multipart.js';

/** Every route that takes a file, with the file part's name it reads (route-sweep.ts FORMS has the same six). */
const UPLOADS = [
  ['POST', '/api/users/changeAvatar', 'avatar'],
  ['PATCH', '/api/teams/editProfile', 'img'],
  ['POST', '/api/items/addImage', 'img'],
  ['POST', '/api/chats/send', 'img'],
  ['POST', '/api/calls/recordVm', 'vm'],
  ['POST', '/api/lists/upload', 'file'],
] as const;

const B = 'xBoundary7f3a';
const part = (field: string) =>
  Buffer.concat([
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    TINY_PNG,
  ]);

/** The four broken bodies the probe sent (issue 36 item 7). */
const BROKEN: [name: string, contentType: string, body: (field: string) => Buffer][] = [
  ['no boundary', 'multipart/form-data', (f) => Buffer.concat([part(f), Buffer.from(`\r\n--${B}--\r\n`)])],
  ['an empty boundary', 'multipart/form-data; boundary=', (f) => part(f)],
  [
    'a body cut short in a part header',
    `multipart/form-data; boundary=${B}`,
    () => Buffer.from(`--${B}\r\nContent-Disposition: form-da`),
  ],
  ['no closing boundary', `multipart/form-data; boundary=${B}`, (f) => part(f)],
];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t, 'owner@uploads.test')).token;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('a malformed multipart body', () => {
  for (const [method, url, field] of UPLOADS)
    it(`is refused with 400, not 500, by ${method} ${url}`, async () => {
      for (const [name, contentType, body] of BROKEN) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': contentType },
          payload: body(field),
        });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json().message, name).toBeTruthy();
      }
    });

  it('says what went wrong in words', async () => {
    const [, contentType, body] = BROKEN[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/changeAvatar',
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body('avatar'),
    });
    expect(res.json()).toMatchObject({ code: 'FORM_MALFORMED', message: serverMessages.http.malformedForm });
  });
});
