import { messages, TEMPLATE_FIELDS, templateProblem, type PermissionKey } from '@prospector/core';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entitySections, templates } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { realtimeClients } from '../../test/sockets.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { loadCampaignTemplates, templateFieldNames } from './index.js';

let t: TestApp;
let admin: TestUser;
const sockets: { closeAll(): void }[] = [];
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  sockets.splice(0).forEach((c) => c.closeAll());
  await t.close();
});

type Method = 'GET' | 'PUT' | 'PATCH';
/** Each call a second later, so creation order is plain in every list. */
async function call(user: TestUser, method: Method, path: string, payload?: object) {
  t.clock.advance(1000);
  return t.app.inject({
    method,
    url: `/api/templates${path}`,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });
}
async function ok<T = Record<string, unknown>>(
  user: TestUser,
  method: Method,
  path: string,
  payload?: object,
) {
  const res = await call(user, method, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
type Listing = {
  groups: { _id: string; name: string; count: number }[];
  templates: { _id: string; text: string; groupId: string; blockedCount: number }[];
  subTemplates: { _id: string; name: string; values: string[] }[];
  quickReplies: { _id: string; title: string; text: string }[];
  fields: string[];
};
const list = (user: TestUser) => ok<Listing>(user, 'GET', '');
const addGroup = (user: TestUser, name: string) => ok<{ _id: string }>(user, 'PUT', '/addGroup', { name });
const addTemplate = (user: TestUser, text: string, groupId = '') =>
  ok<{ _id: string }>(user, 'PUT', '/addTemplate', { text, groupId });
const addSub = (user: TestUser, name: string, values: string[]) =>
  ok<{ _id: string }>(user, 'PUT', '/addSubTemplate', { name, values });
const addReply = (user: TestUser, title: string, text: string) =>
  ok<{ _id: string }>(user, 'PUT', '/addReply', { title, text });

/** A custom field in a section of its own, as Settings > Data Fields saves it. */
async function insertCustomField(teamId: string, entity: 'contact' | 'property' | 'company', name: string) {
  const where = and(eq(entitySections.teamId, teamId), eq(entitySections.entity, entity));
  const [row] = await t.database.db.select().from(entitySections).where(where);
  const field = { _id: `f-${name}`, name, type: 'Text' as const, options: [], config: {}, system: false };
  const section = {
    _id: `s-${name}`,
    name: 'More',
    hidden: false,
    users: [],
    system: false,
    fields: [field],
  };
  await t.database.db
    .update(entitySections)
    .set({ sections: [...row!.sections, section] })
    .where(where);
}

/** One of everything in the admin's team, for the calls that need ids. */
async function seedTeam(user: TestUser) {
  const group = await addGroup(user, 'Sellers');
  const template = await addTemplate(user, 'Hi **First name**, still own it?', group._id);
  const sub = await addSub(user, 'greeting', ['Hi', 'Hello']);
  const reply = await addReply(user, 'Thanks', 'Thanks, talk soon!');
  return { group, template, sub, reply };
}

describe('reading templates', () => {
  it('shows a new team empty lists and the template fields, to any member', async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    expect(await list(member)).toEqual({
      groups: [],
      templates: [],
      subTemplates: [],
      quickReplies: [],
      fields: [...TEMPLATE_FIELDS],
    });
  });

  it("adds the names of the team's contact and property custom fields, not company ones", async () => {
    await insertCustomField(admin.teamId, 'contact', 'Lead Source');
    await insertCustomField(admin.teamId, 'property', 'Roof type');
    await insertCustomField(admin.teamId, 'property', 'city');
    await insertCustomField(admin.teamId, 'company', 'Industry');
    expect((await list(admin)).fields).toEqual([...TEMPLATE_FIELDS, 'Lead Source', 'Roof type']);
    expect(await templateFieldNames(t.database.db, admin.teamId)).toEqual([
      ...TEMPLATE_FIELDS,
      'Lead Source',
      'Roof type',
    ]);
  });

  it("lists groups in creation order with their template counts, and unused templates with groupId ''", async () => {
    const b = await addGroup(admin, 'Buyers');
    const a = await addGroup(admin, 'Agents');
    await addTemplate(admin, 'Are you buying?', b._id);
    await addTemplate(admin, 'Still buying?', b._id);
    await addTemplate(admin, 'Just checking in');
    const got = await list(admin);
    expect(got.groups).toEqual([
      { _id: b._id, name: 'Buyers', count: 2 },
      { _id: a._id, name: 'Agents', count: 0 },
    ]);
    expect(got.templates.map((x) => [x.text, x.groupId])).toEqual([
      ['Are you buying?', b._id],
      ['Still buying?', b._id],
      ['Just checking in', ''],
    ]);
  });
});

describe('template groups', () => {
  it('adds a group, then renames it and answers with its template count', async () => {
    const group = await addGroup(admin, '  Sellers  ');
    expect(group).toEqual({ _id: expect.any(String), name: 'Sellers', count: 0 });
    await addTemplate(admin, 'Hello there', group._id);
    expect(await ok(admin, 'PATCH', '/editGroupName', { groupId: group._id, name: 'Motivated' })).toEqual({
      _id: group._id,
      name: 'Motivated',
      count: 1,
    });
    expect((await list(admin)).groups).toEqual([{ _id: group._id, name: 'Motivated', count: 1 }]);
  });

  it('refuses a group name shorter than 3 or longer than 30 characters', async () => {
    for (const name of ['ab', '  ab  ', 'x'.repeat(31)]) {
      const res = await call(admin, 'PUT', '/addGroup', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.templates.groupNameLength);
    }
    const group = await addGroup(admin, 'Sellers');
    const rename = await call(admin, 'PATCH', '/editGroupName', { groupId: group._id, name: 'no' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(messages.templates.groupNameLength);
    expect((await list(admin)).groups.map((g) => g.name)).toEqual(['Sellers']);
  });

  it('removing a group leaves its templates unused', async () => {
    const group = await addGroup(admin, 'Sellers');
    const kept = await addGroup(admin, 'Buyers');
    const a = await addTemplate(admin, 'First template', group._id);
    const b = await addTemplate(admin, 'Other template', kept._id);
    expect(await ok(admin, 'PATCH', '/removeGroup', { groupId: group._id })).toEqual({ ok: true });
    const got = await list(admin);
    expect(got.groups.map((g) => g._id)).toEqual([kept._id]);
    expect(got.templates.map((x) => [x._id, x.groupId])).toEqual([
      [a._id, ''],
      [b._id, kept._id],
    ]);
    const [row] = await t.database.db.select().from(templates).where(eq(templates.id, a._id));
    expect(row!.groupId).toBeNull();
  });
});

describe('templates', () => {
  it('adds a template to a group or unused, naming fields and subtemplates in any case', async () => {
    await insertCustomField(admin.teamId, 'contact', 'Lead Source');
    await addSub(admin, 'Greeting', ['Hi', 'Hello']);
    const group = await addGroup(admin, 'Sellers');
    const text = '{greeting} **first NAME**, we saw you on **Lead Source**.';
    const added = await addTemplate(admin, `  ${text}  `, group._id);
    expect(added).toEqual({ _id: expect.any(String), text, groupId: group._id, blockedCount: 0 });
    const unused = await addTemplate(admin, 'No placeholders here');
    expect(unused).toMatchObject({ groupId: '' });
    expect((await list(admin)).templates.map((x) => x._id)).toEqual([added._id, unused._id]);
  });

  it("refuses a placeholder that names nothing with templateProblem's exact text", async () => {
    await addSub(admin, 'greeting', ['Hi']);
    const known = { fields: [...TEMPLATE_FIELDS], subtemplates: ['greeting'] };
    for (const text of ['Hi **Nickname**, hello', '{salutation} there', 'Hi **First name, hello']) {
      const problem = templateProblem(text, known);
      expect(problem).not.toBeNull();
      const res = await call(admin, 'PUT', '/addTemplate', { text, groupId: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'TEMPLATE_INVALID', message: problem });
    }
    const first = templateProblem('Hi **Nickname**, hello', known);
    expect(first).toBe(messages.templates.unknownField.replace('{name}', 'Nickname'));
    const template = await addTemplate(admin, 'A fine template');
    const edit = await call(admin, 'PATCH', '/editTemplate', {
      template: { _id: template._id, text: '{salutation} there' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(messages.templates.unknownSubtemplate.replace('{name}', 'salutation'));
    expect((await list(admin)).templates.map((x) => x.text)).toEqual(['A fine template']);
  });

  it('refuses a template shorter than 5 characters', async () => {
    const res = await call(admin, 'PUT', '/addTemplate', { text: '  Hey  ', groupId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.templates.templateTooShort);
  });

  it('editing a template changes its text and resets its blocked count to 0', async () => {
    const template = await addTemplate(admin, 'Original text');
    // As if carriers had refused two of its texts (the devices' delivery reports count them).
    await t.database.db.update(templates).set({ blockedCount: 2 }).where(eq(templates.id, template._id));
    expect((await list(admin)).templates[0]!.blockedCount).toBe(2);
    const edited = await ok(admin, 'PATCH', '/editTemplate', {
      template: { _id: template._id, text: 'Better text, **Name**' },
    });
    expect(edited).toEqual({
      _id: template._id,
      text: 'Better text, **Name**',
      groupId: '',
      blockedCount: 0,
    });
    expect((await list(admin)).templates[0]!.blockedCount).toBe(0);
  });

  it('moves a template into a group and back to unused', async () => {
    const group = await addGroup(admin, 'Sellers');
    const template = await addTemplate(admin, 'Move me please');
    const moved = await ok(admin, 'PATCH', '/addToGroup', { groupId: group._id, tempId: template._id });
    expect(moved).toMatchObject({ _id: template._id, groupId: group._id });
    expect((await list(admin)).groups[0]!.count).toBe(1);
    await ok(admin, 'PATCH', '/addToGroup', { groupId: '', tempId: template._id });
    const got = await list(admin);
    expect(got.templates[0]!.groupId).toBe('');
    expect(got.groups[0]!.count).toBe(0);
  });

  it('removes a template', async () => {
    const template = await addTemplate(admin, 'Remove me please');
    expect(await ok(admin, 'PATCH', '/removeTemplate', { _id: template._id })).toEqual({ ok: true });
    expect((await list(admin)).templates).toEqual([]);
    const again = await call(admin, 'PATCH', '/removeTemplate', { _id: template._id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.templates.templateNotFound);
  });
});

describe('subtemplates', () => {
  it('adds a subtemplate with its options trimmed and the empty ones dropped', async () => {
    const sub = await ok(admin, 'PUT', '/addSubTemplate', {
      name: ' greeting ',
      values: [' Hi ', '', '  ', 'Hello'],
    });
    expect(sub).toEqual({ _id: expect.any(String), name: 'greeting', values: ['Hi', 'Hello'] });
    expect((await list(admin)).subTemplates).toEqual([sub]);
  });

  it('refuses a new subtemplate without options or without a name', async () => {
    const empty = await call(admin, 'PUT', '/addSubTemplate', { name: 'greeting', values: ['', ' '] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.templates.subtemplateValues);
    const nameless = await call(admin, 'PUT', '/addSubTemplate', { name: '  ', values: ['Hi'] });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(messages.templates.subtemplateName);
    expect((await list(admin)).subTemplates).toEqual([]);
  });

  it('keeps subtemplate names unique in the team, in any case, but not across teams', async () => {
    const greeting = await addSub(admin, 'Greeting', ['Hi']);
    const farewell = await addSub(admin, 'farewell', ['Bye']);
    const dup = await call(admin, 'PUT', '/addSubTemplate', { name: 'GREETING', values: ['Yo'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(messages.templates.subtemplateExists);
    const rename = await call(admin, 'PUT', '/editSubTemplate', {
      _id: farewell._id,
      name: 'greeting',
      values: ['Bye'],
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(messages.templates.subtemplateExists);
    const recase = await ok(admin, 'PUT', '/editSubTemplate', {
      _id: greeting._id,
      name: 'GREETING',
      values: ['Hi'],
    });
    expect(recase).toMatchObject({ subTemplate: { name: 'GREETING' }, removed: false });
    const other = await insertTeamAdmin(t, 'boss@other.test');
    await addSub(other, 'greeting', ['Howdy']);
    expect((await list(admin)).subTemplates.map((s) => [s.name, s.values])).toEqual([
      ['GREETING', ['Hi']],
      ['farewell', ['Bye']],
    ]);
  });

  it('edits a subtemplate, and removes it when the edit leaves no options', async () => {
    const sub = await addSub(admin, 'greeting', ['Hi']);
    expect(
      await ok(admin, 'PUT', '/editSubTemplate', {
        _id: sub._id,
        name: 'hello',
        values: ['Hey', ' ', 'Hello '],
      }),
    ).toEqual({ subTemplate: { _id: sub._id, name: 'hello', values: ['Hey', 'Hello'] }, removed: false });
    expect(
      await ok(admin, 'PUT', '/editSubTemplate', { _id: sub._id, name: 'hello', values: ['', '  '] }),
    ).toEqual({ subTemplate: null, removed: true });
    expect((await list(admin)).subTemplates).toEqual([]);
  });

  it('removes a subtemplate, even one a template uses', async () => {
    const sub = await addSub(admin, 'greeting', ['Hi']);
    await addTemplate(admin, '{greeting} there');
    expect(await ok(admin, 'PATCH', '/removeSubTemplate', { _id: sub._id })).toEqual({ ok: true });
    const got = await list(admin);
    expect(got.subTemplates).toEqual([]);
    expect(got.templates.map((x) => x.text)).toEqual(['{greeting} there']);
  });
});

describe('quick replies', () => {
  it('adds, edits and removes quick replies, listed in creation order', async () => {
    const a = await addReply(admin, 'Thanks', '  Thanks, talk soon!  ');
    const b = await addReply(admin, '', 'Call me back please');
    expect(a).toEqual({ _id: expect.any(String), title: 'Thanks', text: 'Thanks, talk soon!' });
    expect(
      await ok(admin, 'PATCH', '/editReply', { _id: b._id, title: 'Call', text: 'Call me back today' }),
    ).toEqual({
      _id: b._id,
      title: 'Call',
      text: 'Call me back today',
    });
    expect((await list(admin)).quickReplies.map((r) => r.title)).toEqual(['Thanks', 'Call']);
    expect(await ok(admin, 'PATCH', '/removeReply', { _id: a._id })).toEqual({ ok: true });
    expect((await list(admin)).quickReplies.map((r) => r._id)).toEqual([b._id]);
  });

  it('refuses a quick reply shorter than 5 characters', async () => {
    const res = await call(admin, 'PUT', '/addReply', { title: 'x', text: ' ok ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.templates.replyTooShort);
  });
});

describe('permissions', () => {
  const member = (permissions: PermissionKey[]) =>
    insertMember(t, admin.teamId, `m${permissions.join('-') || 'none'}@acme.test`, { permissions });

  /** Every template change (not quick replies), aimed at the seeded rows. */
  const templateChanges = (ids: Awaited<ReturnType<typeof seedTeam>>): [Method, string, object][] => [
    ['PUT', '/addGroup', { name: 'New group' }],
    ['PATCH', '/editGroupName', { groupId: ids.group._id, name: 'Renamed' }],
    ['PATCH', '/removeGroup', { groupId: ids.group._id }],
    ['PUT', '/addTemplate', { text: 'A new template', groupId: '' }],
    ['PATCH', '/editTemplate', { template: { _id: ids.template._id, text: 'Changed text' } }],
    ['PATCH', '/addToGroup', { groupId: '', tempId: ids.template._id }],
    ['PATCH', '/removeTemplate', { _id: ids.template._id }],
    ['PUT', '/addSubTemplate', { name: 'farewell', values: ['Bye'] }],
    ['PUT', '/editSubTemplate', { _id: ids.sub._id, name: 'hello', values: ['Hey'] }],
    ['PATCH', '/removeSubTemplate', { _id: ids.sub._id }],
  ];
  const replyChanges = (ids: Awaited<ReturnType<typeof seedTeam>>): [Method, string, object][] => [
    ['PUT', '/addReply', { title: 'New', text: 'A new reply' }],
    ['PATCH', '/editReply', { _id: ids.reply._id, title: 'Edited', text: 'An edited reply' }],
    ['PATCH', '/removeReply', { _id: ids.reply._id }],
  ];

  it("refuses every change to a member without the 'templates' permission, and changes nothing", async () => {
    const ids = await seedTeam(admin);
    const before = await list(admin);
    const mo = await member(['calls', 'campaigns']);
    for (const [method, path, payload] of [...templateChanges(ids), ...replyChanges(ids)]) {
      const res = await call(mo, method, path, payload);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(messages.auth.forbidden);
    }
    expect(await list(mo)).toEqual(before);
  });

  it("lets a member with the 'templates' permission change templates and quick replies", async () => {
    const ids = await seedTeam(admin);
    const editor = await member(['templates']);
    for (const [method, path, payload] of [...templateChanges(ids), ...replyChanges(ids)])
      await ok(editor, method, path, payload);
    const got = await list(admin);
    expect(got.groups.map((g) => g.name)).toEqual(['New group']);
    expect(got.templates.map((x) => x.text)).toEqual(['A new template']);
    expect(got.subTemplates.map((s) => s.name)).toEqual(['farewell']);
    expect(got.quickReplies.map((r) => r.text)).toEqual(['A new reply']);
  });

  it("lets a member with the 'sms' permission keep quick replies, but not change templates", async () => {
    const ids = await seedTeam(admin);
    const texter = await member(['sms']);
    for (const [method, path, payload] of templateChanges(ids))
      expect((await call(texter, method, path, payload)).statusCode, path).toBe(403);
    for (const [method, path, payload] of replyChanges(ids)) await ok(texter, method, path, payload);
    const got = await list(admin);
    expect(got.quickReplies.map((r) => r.text)).toEqual(['A new reply']);
    expect(got.templates.map((x) => x._id)).toEqual([ids.template._id]);
  });

  it('answers 401 to a caller without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/templates' });
    expect(res.statusCode).toBe(401);
  });
});

describe("another team's ids", () => {
  it('answer 404 with a clear message and change nothing', async () => {
    const ids = await seedTeam(admin);
    const before = await list(admin);
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const { templateNotFound, groupNotFound, subtemplateNotFound, replyNotFound } = messages.templates;
    const attempts: [Method, string, object, string][] = [
      ['PATCH', '/editGroupName', { groupId: ids.group._id, name: 'Mine now' }, groupNotFound],
      ['PATCH', '/removeGroup', { groupId: ids.group._id }, groupNotFound],
      ['PUT', '/addTemplate', { text: 'Into their group', groupId: ids.group._id }, groupNotFound],
      ['PATCH', '/editTemplate', { template: { _id: ids.template._id, text: 'Mine now' } }, templateNotFound],
      ['PATCH', '/addToGroup', { groupId: '', tempId: ids.template._id }, templateNotFound],
      ['PATCH', '/addToGroup', { groupId: ids.group._id, tempId: ids.template._id }, groupNotFound],
      ['PATCH', '/removeTemplate', { _id: ids.template._id }, templateNotFound],
      ['PUT', '/editSubTemplate', { _id: ids.sub._id, name: 'mine', values: ['x'] }, subtemplateNotFound],
      ['PUT', '/editSubTemplate', { _id: ids.sub._id, name: 'mine', values: [] }, subtemplateNotFound],
      ['PATCH', '/removeSubTemplate', { _id: ids.sub._id }, subtemplateNotFound],
      ['PATCH', '/editReply', { _id: ids.reply._id, title: '', text: 'Mine now' }, replyNotFound],
      ['PATCH', '/removeReply', { _id: ids.reply._id }, replyNotFound],
    ];
    for (const [method, path, payload, message] of attempts) {
      const res = await call(other, method, path, payload);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message, path).toBe(message);
    }
    expect(await list(admin)).toEqual(before);
    expect(await list(other)).toMatchObject({
      groups: [],
      templates: [],
      subTemplates: [],
      quickReplies: [],
    });
  });

  it("moving one's own template into another team's group is refused and the template stays", async () => {
    const theirs = await addGroup(admin, 'Sellers');
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const mine = await addTemplate(other, 'My own template');
    const res = await call(other, 'PATCH', '/addToGroup', { groupId: theirs._id, tempId: mine._id });
    expect(res.statusCode).toBe(404);
    expect((await list(other)).templates).toEqual([
      { ...mine, text: 'My own template', groupId: '', blockedCount: 0 },
    ]);
    expect((await list(admin)).groups).toEqual([{ _id: theirs._id, name: 'Sellers', count: 0 }]);
  });
});

describe('realtime', () => {
  it("tells the team's sockets, and only them, after every change", async () => {
    const clients = await realtimeClients(t);
    sockets.push(clients);
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const { connect } = clients;
    const [mine, theirs] = await Promise.all([connect(admin), connect(other)]);
    let seen = 0;
    let seenByOther = 0;
    mine.on('templatesChanged', () => seen++);
    theirs.on('templatesChanged', () => seenByOther++);
    const changed = (n: number) => expect.poll(() => seen, { timeout: 15_000, interval: 20 }).toBe(n);

    const ids = await seedTeam(admin);
    await changed(4);
    const changes: [Method, string, object][] = [
      ['PATCH', '/editGroupName', { groupId: ids.group._id, name: 'Renamed' }],
      ['PATCH', '/editTemplate', { template: { _id: ids.template._id, text: 'Changed text' } }],
      ['PATCH', '/addToGroup', { groupId: '', tempId: ids.template._id }],
      ['PUT', '/editSubTemplate', { _id: ids.sub._id, name: 'hello', values: ['Hey'] }],
      ['PATCH', '/editReply', { _id: ids.reply._id, title: '', text: 'An edited reply' }],
      ['PATCH', '/removeReply', { _id: ids.reply._id }],
      ['PATCH', '/removeSubTemplate', { _id: ids.sub._id }],
      ['PATCH', '/removeTemplate', { _id: ids.template._id }],
      ['PATCH', '/removeGroup', { groupId: ids.group._id }],
    ];
    for (const [i, [method, path, payload]] of changes.entries()) {
      await ok(admin, method, path, payload);
      await changed(5 + i);
    }
    // Refused calls change nothing, so they tell nobody.
    expect((await call(admin, 'PATCH', '/removeGroup', { groupId: ids.group._id })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', '/addGroup', { name: 'x' })).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toBe(4 + changes.length);
    expect(seenByOther).toBe(0);
  });
});

describe('for campaigns', () => {
  it("loads the chosen groups in the given order with their templates in creation order, and the team's subtemplates", async () => {
    const a = await addGroup(admin, 'First group');
    const b = await addGroup(admin, 'Second group');
    const empty = await addGroup(admin, 'Empty group');
    const a1 = await addTemplate(admin, 'Template a one', a._id);
    const b1 = await addTemplate(admin, 'Template b one', b._id);
    const a2 = await addTemplate(admin, 'Template a two', a._id);
    await addTemplate(admin, 'Unused template');
    await addSub(admin, 'greeting', ['Hi', 'Hello']);
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const foreign = await addGroup(other, 'Not yours');
    await addTemplate(other, 'Foreign template', foreign._id);
    expect(
      await loadCampaignTemplates(t.database.db, admin.teamId, [b._id, foreign._id, a._id, empty._id]),
    ).toEqual({
      groups: [
        { id: b._id, templates: [{ id: b1._id, text: 'Template b one' }] },
        {
          id: a._id,
          templates: [
            { id: a1._id, text: 'Template a one' },
            { id: a2._id, text: 'Template a two' },
          ],
        },
        { id: empty._id, templates: [] },
      ],
      subtemplates: [{ name: 'greeting', values: ['Hi', 'Hello'] }],
    });
  });
});
