import { messages, serverMessages } from '@prospector/core';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp(
    {},
    {
      agentFiles: {
        bundle: async () => new URL(import.meta.url).pathname,
        readmes: { android: '# Android\n', macos: '# macOS\n' },
      },
    },
  );
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  await t.close();
});

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const list = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: user.headers })).json().devices;

describe('adding devices', () => {
  it('adds an Android phone cleaned to E.164 with the spec message', async () => {
    const res = await post(admin, '/api/services/addNumber', {
      phoneType: 'Android',
      value: '+1 (916) 456-78.90',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.devices.added);
    expect(res.json().device).toMatchObject({
      value: '+19164567890',
      phoneType: 'Android',
      connected: false,
    });
  });

  it("refuses an invalid device ID and a duplicate with the spec's messages, adding nothing", async () => {
    const bad = await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '916 456 7890' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.devices.invalidId);
    await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567890' });
    const again = await post(admin, '/api/services/addNumber', {
      phoneType: 'Android',
      value: '+1 916-456-7890',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.devices.duplicate);
    expect(await list(admin)).toHaveLength(1);
  });

  it('adds a Mac, then an iPhone by Apple ID on it; an iPhone needs its computer first', async () => {
    const orphan = await post(admin, '/api/services/addNumber', {
      phoneType: 'Apple',
      value: 'ann@icloud.com',
    });
    expect(orphan.json().message).toBe(messages.devices.computerFirst);
    await post(admin, '/api/services/addMac', { macName: 'Office iMac', isIntel: true });
    const dup = await post(admin, '/api/services/addMac', { macName: 'office imac' });
    expect(dup.json().message).toBe(messages.devices.duplicate);
    const phone = await post(admin, '/api/services/addNumber', {
      phoneType: 'Apple',
      value: 'Ann@iCloud.com',
      macName: 'Office iMac',
    });
    expect(phone.json().device).toMatchObject({
      value: 'ann@icloud.com',
      macName: 'Office iMac',
      phoneType: 'Apple',
    });
    const empty = await post(admin, '/api/services/addMac', { macName: '  ' });
    expect(empty.json().device).toBeNull();
    expect(await list(admin)).toHaveLength(2);
  });

  it('removes selected devices by value or computer name; a Mac takes its iPhones', async () => {
    await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567890' });
    await post(admin, '/api/services/addMac', { macName: 'Office iMac' });
    await post(admin, '/api/services/addNumber', {
      phoneType: 'Apple',
      value: '+19164567891',
      macName: 'Office iMac',
    });
    const res = await post(admin, '/api/services/removeNumbers', { phones: ['Office iMac'] });
    expect(res.json().removed).toBe(2);
    expect((await list(admin)).map((d: { value: string }) => d.value)).toEqual(['+19164567890']);
  });

  it('needs the phones permission to change devices', async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const res = await post(member, '/api/services/addNumber', {
      phoneType: 'Android',
      value: '+19164567890',
    });
    expect(res.statusCode).toBe(403);
    const allowed = await insertMember(t, admin.teamId, 'pat@acme.test', {
      permissions: ['phones'],
      dataAccess: 'All data',
    });
    expect(
      (await post(allowed, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567890' }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a device to an 'Only assigned' member with the phones permission: it would show them every text it carries (ADR 031)", async () => {
    const restricted = await insertMember(t, admin.teamId, 'ona@acme.test', { permissions: ['phones'] });
    const added = await post(restricted, '/api/services/addNumber', {
      phoneType: 'Android',
      value: '+19164567891',
    });
    expect(added.statusCode).toBe(403);
    expect(added.json().message).toBe(serverMessages.devices.needsAllData);
    const { device } = (
      await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567892' })
    ).json();
    const paired = await t.app.inject({
      method: 'GET',
      url: `/api/services/pairing/${device._id}`,
      headers: restricted.headers,
    });
    expect(paired.statusCode).toBe(403);
    expect(paired.body).not.toContain('dv1.');
    const code = await post(restricted, '/api/services/smsGatewayCode', { value: '+19164567893' });
    expect(code.statusCode).toBe(403);
    expect(code.json().message).toBe(serverMessages.devices.needsAllData);
  });
});

describe('download app', () => {
  it("zips the agent with this device's config and README; another team's device is not found", async () => {
    const { device } = (
      await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567890' })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/services/downloadApp/${device._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const config = JSON.parse(await zip.file('prospector-agent/agent.config.json')!.async('string'));
    expect(config).toMatchObject({ driver: 'android', serverUrl: t.app.config.PUBLIC_URL });
    expect(config.deviceToken).toMatch(new RegExp(`^dv1\\.${device._id}\\.`));
    expect(await zip.file('prospector-agent/README.md')!.async('string')).toBe('# Android\n');
    expect(zip.file('prospector-agent/agent.mjs')).not.toBeNull();

    const other = await insertTeamAdmin(t, 'boss@other.test');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/services/downloadApp/${device._id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("says 'not ready yet' while the agent is still being built", async () => {
    await t.close();
    t = await buildTestApp(
      {},
      { agentFiles: { bundle: async () => null, readmes: { android: '', macos: '' } } },
    );
    admin = await insertTeamAdmin(t, 'admin@acme.test');
    const { device } = (
      await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567890' })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/services/downloadApp/${device._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.devices.notReady);
  });
});

describe('pairing', () => {
  const pairing = (user: TestUser, deviceId: string) =>
    t.app.inject({ method: 'GET', url: `/api/services/pairing/${deviceId}`, headers: user.headers });

  it("answers an iPhone's Mac: the address and the token its downloaded app connects with", async () => {
    const mac = (await post(admin, '/api/services/addMac', { macName: 'Office iMac' })).json().device;
    const { device: iphone } = (
      await post(admin, '/api/services/addNumber', {
        phoneType: 'Apple',
        value: 'ann@icloud.com',
        macName: 'Office iMac',
      })
    ).json();

    const res = await pairing(admin, iphone._id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      agentDeviceId: mac._id,
      agentName: 'Office iMac',
      platform: 'macos',
      serverUrl: t.app.config.PUBLIC_URL,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/services/downloadApp/${iphone._id}`,
      headers: admin.headers,
    });
    const zip = await JSZip.loadAsync(download.rawPayload);
    const config = JSON.parse(await zip.file('prospector-agent/agent.config.json')!.async('string'));
    expect(config).toMatchObject({ driver: 'macos', deviceToken: res.json().deviceToken });
  });

  it("is refused without the phones permission, and another team's device is not found", async () => {
    const { device } = (
      await post(admin, '/api/services/addNumber', { phoneType: 'Android', value: '+19164567890' })
    ).json();
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const refused = await pairing(member, device._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('dv1.');

    const other = await insertTeamAdmin(t, 'boss@other.test');
    const theirs = await pairing(other, device._id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('dv1.');

    const allowed = await insertMember(t, admin.teamId, 'pat@acme.test', {
      permissions: ['phones'],
      dataAccess: 'All data',
    });
    expect((await pairing(allowed, device._id)).json()).toMatchObject({
      agentDeviceId: device._id,
      platform: 'android',
    });
  });
});
