import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, PERMISSION_LABELS, messages, type TeamMemberDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';

const member = (overrides: Partial<TeamMemberDto>): TeamMemberDto => ({
  _id: 'u-x',
  name: 'X',
  email: 'x@acme.test',
  phone: null,
  role: 'member',
  permissions: [],
  dataAccess: 'Only assigned',
  avatar: null,
  invited: false,
  ...overrides,
});

const ANN = member({
  _id: 'user-1',
  name: 'Ann Walker',
  email: 'ann@acme.test',
  role: 'admin',
  dataAccess: 'All data',
});
const BOB = member({
  _id: 'user-2',
  name: 'Bob Stone',
  email: 'bob@acme.test',
  permissions: ['sms', 'templates'],
});
const CY = member({ _id: 'user-3', name: 'Cy Reed', email: 'cy@acme.test', invited: true });

const LOGO_URL = '/api/files/avatars/11111111-1111-4111-8111-111111111111.png';
const PHOTO_URL = '/api/files/avatars/22222222-2222-4222-8222-222222222222.png';
/** A 1×1 PNG, and a text file that calls itself one. */
const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const pngFile = () => new File([PNG_BYTES], 'logo.png', { type: 'image/png' });
const fakePng = () => new File(['just some text'], 'fake.png', { type: 'image/png' });
const fileInputIn = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;
const topBarAvatar = () => document.querySelector<HTMLImageElement>('header img');

function setUp(opts: { as?: 'admin' | 'bob'; itemCount?: number } = {}) {
  let team = [ANN, BOB, CY];
  const me =
    opts.as === 'bob'
      ? buildUser({
          _id: BOB._id,
          name: BOB.name,
          email: BOB.email,
          role: 'member',
          permissions: BOB.permissions,
        })
      : buildUser({ _id: ANN._id, role: 'admin' });
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: me } },
    'GET /api/teams/listMembers': () => ({ status: 200, body: { members: team } }),
    'PATCH /api/teams/addMember': (req) => {
      const user = member({ ...(req.body as object), _id: 'user-4' } as Partial<TeamMemberDto>);
      team = [...team, user];
      return { status: 200, body: { user, chats: [] } };
    },
    'PATCH /api/teams/editMember': (req) => {
      const { email, ...body } = req.body as Partial<TeamMemberDto> & { _id: string };
      const before = team.find((m) => m._id === body._id)!;
      const user = { ...before, ...body };
      team = team.map((m) => (m._id === user._id ? user : m));
      // As the server: a new address of an account that logged in waits for its code.
      const pendingEmail = email && email !== before.email ? email : null;
      return { status: 200, body: { user, pendingEmail } };
    },
    'POST /api/teams/confirmMemberEmail': (req) => {
      const { _id, code } = req.body as { _id: string; code: string };
      if (code !== '123456')
        return { status: 400, body: { code: 'INVALID_CODE', message: messages.auth.invalidCode } };
      team = team.map((m) => (m._id === _id ? { ...m, email: 'bob@new.test' } : m));
      return { status: 200, body: { user: team.find((m) => m._id === _id)! } };
    },
    'PATCH /api/teams/editProfile': { status: 200, body: { name: 'Acme Realty', avatar: LOGO_URL } },
    'POST /api/users/changeAvatar': () => {
      team = team.map((m) => (m._id === me._id ? { ...m, avatar: PHOTO_URL } : m));
      return { status: 200, body: { avatar: PHOTO_URL } };
    },
    'POST /api/items/countUserItems': { status: 200, body: { itemCount: opts.itemCount ?? 0 } },
    'PATCH /api/teams/removeMember': (req) => {
      const { userId } = req.body as { userId: string };
      team = team.filter((m) => m._id !== userId);
      return { status: 200, body: { userId, moved: opts.itemCount ?? 0 } };
    },
  });
  return renderApp('/settings/team', { token: 'token-ann' });
}

const table = () => screen.findByRole('table', { name: 'Team members' });
const rowOf = async (name: string) =>
  within(await table())
    .getByText(name)
    .closest('tr') as HTMLElement;

describe('Settings > Team', () => {
  it('lists the members with initials, e-mail, role, permission badges and data access', async () => {
    setUp();
    const bob = await rowOf('Bob Stone');
    expect(within(bob).getByText('BS')).toBeInTheDocument();
    expect(within(bob).getByText('bob@acme.test')).toBeInTheDocument();
    expect(within(bob).getByText('Member')).toBeInTheDocument();
    expect(within(bob).getByText('SMS')).toBeInTheDocument();
    expect(within(bob).getByText('Templates')).toBeInTheDocument();
    expect(within(bob).getByText('Only assigned')).toBeInTheDocument();
    const ann = await rowOf('Ann Walker');
    expect(within(ann).getByText('Admin')).toBeInTheDocument();
    expect(within(ann).getByText('All permissions')).toBeInTheDocument();
    // The admin removes others, never themself.
    expect(within(ann).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Remove Bob Stone' })).toBeInTheDocument();
  });

  it('adds a member with every permission and All data by default', async () => {
    const { user } = setUp();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    for (const key of PERMISSION_KEYS)
      expect(within(dialog).getByRole('checkbox', { name: PERMISSION_LABELS[key] })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'All data' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: PERMISSION_LABELS.kpis }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Dee Lane');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'dee@acme.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '5551234567');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(requestsTo('PATCH', '/api/teams/addMember')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/teams/addMember')[0]!.body).toEqual({
      name: 'Dee Lane',
      email: 'dee@acme.test',
      phone: '5551234567',
      permissions: PERMISSION_KEYS.filter((k) => k !== 'kpis'),
      dataAccess: 'All data',
    });
    expect(await rowOf('Dee Lane')).toBeInTheDocument();
  });

  it('says what is missing before adding, and sends nothing', async () => {
    const { user } = setUp();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(within(dialog).getByText(messages.team.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.auth.invalidEmail)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.team.invalidPhone)).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/teams/addMember')).toHaveLength(0);
  });

  it('lets a member edit only themself, without their own access, and keeps a 7-character e-mail out', async () => {
    const { user } = setUp({ as: 'bob' });
    await table();
    expect(screen.queryByRole('button', { name: 'Add member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Cy Reed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    expect(within(dialog).getByRole('checkbox', { name: PERMISSION_LABELS.sms })).toBeDisabled();
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'b@a.com');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Bobby Stone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo('PATCH', '/api/teams/editMember')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/teams/editMember')[0]!.body).toEqual({
      _id: BOB._id,
      name: 'Bobby Stone',
      phone: '',
      permissions: ['sms', 'templates'],
      dataAccess: 'Only assigned',
    });
    expect(await rowOf('Bobby Stone')).toBeInTheDocument();
  });

  it('changes an e-mail only with the code sent to the new address, and marks invited members', async () => {
    const { user } = setUp();
    expect(within(await rowOf('Cy Reed')).getByText(messages.team.invited)).toBeInTheDocument();
    expect(within(await rowOf('Bob Stone')).queryByText(messages.team.invited)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'bob@new.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: messages.team.confirmEmail });
    expect(within(confirm).getByText(/We sent a code to bob@new.test/)).toBeInTheDocument();
    expect(within(await rowOf('Bob Stone')).getByText(BOB.email)).toBeInTheDocument();
    const codeBox = within(confirm).getByRole('textbox', { name: messages.team.emailCodeLabel });
    await user.type(codeBox, '000000');
    await user.click(within(confirm).getByRole('button', { name: messages.team.confirmEmail }));
    expect(await screen.findByText(messages.auth.invalidCode)).toBeInTheDocument();
    await user.clear(codeBox);
    await user.type(codeBox, '123456{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: messages.team.confirmEmail })).not.toBeInTheDocument(),
    );
    expect(within(await rowOf('Bob Stone')).getByText('bob@new.test')).toBeInTheDocument();
  });

  it('removes a member without records after the confirmation', async () => {
    const { user } = setUp();
    await user.click(within(await rowOf('Cy Reed')).getByRole('button', { name: 'Remove Cy Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    await waitFor(() => expect(screen.queryByText('Cy Reed')).not.toBeInTheDocument());
    expect(requestsTo('PATCH', '/api/teams/removeMember')[0]!.body).toEqual({
      userId: CY._id,
      assignedTo: [],
    });
  });

  it('asks who takes the records of a member who has some before removing them', async () => {
    const { user } = setUp({ itemCount: 3 });
    await user.click(within(await rowOf('Cy Reed')).getByRole('button', { name: 'Remove Cy Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(await within(dialog).findByText(/has 3 assigned records/)).toBeInTheDocument();
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    expect(remove).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Assign their records to' }));
    expect(screen.queryByRole('option', { name: 'Cy Reed' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Bob Stone' }));
    expect(remove).toBeEnabled();
    await user.click(remove);
    await waitFor(() => expect(requestsTo('PATCH', '/api/teams/removeMember')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/teams/removeMember')[0]!.body).toEqual({
      userId: CY._id,
      assignedTo: [BOB._id],
    });
  });

  it('refetches the members when the server announces an edit', async () => {
    setUp();
    await table();
    const before = requestsTo('GET', '/api/teams/listMembers').length;
    act(() =>
      latestSocket().serverEmit('editMember', {
        _id: CY._id,
        name: 'Cy',
        email: CY.email,
        phone: null,
        permissions: [],
        dataAccess: 'Only assigned',
        avatar: null,
      }),
    );
    await waitFor(() => expect(requestsTo('GET', '/api/teams/listMembers').length).toBeGreaterThan(before));
  });

  it('refetches the members when the server announces one joined or left', async () => {
    setUp();
    await table();
    for (const change of ['added', 'removed'] as const) {
      const before = requestsTo('GET', '/api/teams/listMembers').length;
      act(() => latestSocket().serverEmit('membersChanged', { userId: CY._id, change }));
      await waitFor(() => expect(requestsTo('GET', '/api/teams/listMembers').length).toBeGreaterThan(before));
    }
  });

  it("takes the viewer's new permissions at once when the admin changes them", async () => {
    setUp({ as: 'bob' });
    await table();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).queryByRole('link', { name: 'Statuses' })).not.toBeInTheDocument();
    act(() =>
      latestSocket().serverEmit('editMember', {
        _id: BOB._id,
        name: BOB.name,
        email: BOB.email,
        phone: null,
        permissions: ['statuses'],
        dataAccess: 'All data',
        avatar: null,
      }),
    );
    expect(await within(nav).findByRole('link', { name: 'Statuses' })).toBeInTheDocument();
  });

  it('shows the company and lets the admin upload its logo, which shows at once', async () => {
    const { user } = setUp();
    const company = await screen.findByRole('region', { name: 'Company' });
    expect(within(company).getByText('Acme Realty')).toBeInTheDocument();
    await user.upload(fileInputIn(company), pngFile());
    await waitFor(() => expect(requestsTo('PATCH', '/api/teams/editProfile')).toHaveLength(1));
    const sent = requestsTo('PATCH', '/api/teams/editProfile')[0]!.body as FormData;
    expect((sent.get('img') as File).name).toBe('logo.png');
    expect(await screen.findByRole('img', { name: 'Acme Realty logo' })).toHaveAttribute('src', LOGO_URL);
  });

  it('refuses a file that is not an image before sending it, with the message', async () => {
    const { user } = setUp();
    await user.upload(fileInputIn(await screen.findByRole('region', { name: 'Company' })), fakePng());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.avatars.wrongType);
    expect(requestsTo('PATCH', '/api/teams/editProfile')).toHaveLength(0);
  });

  it('offers the logo upload to the admin only', async () => {
    setUp({ as: 'bob' });
    await table();
    expect(
      within(screen.getByRole('region', { name: 'Company' })).getByText('Acme Realty'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload logo' })).not.toBeInTheDocument();
  });

  it('lets a member change their own photo in their edit dialog, and refetches the members', async () => {
    const { user } = setUp({ as: 'bob' });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    const before = requestsTo('GET', '/api/teams/listMembers').length;
    await user.upload(fileInputIn(dialog), pngFile());
    await waitFor(() => expect(requestsTo('POST', '/api/users/changeAvatar')).toHaveLength(1));
    const sent = requestsTo('POST', '/api/users/changeAvatar')[0]!.body as FormData;
    expect(sent.get('avatar')).toBeInstanceOf(File);
    expect(await within(dialog).findByRole('img', { name: 'Your photo' })).toHaveAttribute('src', PHOTO_URL);
    await waitFor(() => expect(requestsTo('GET', '/api/teams/listMembers').length).toBeGreaterThan(before));
  });

  it('offers no photo change in the dialog of someone else', async () => {
    const { user } = setUp();
    await user.click(within(await rowOf('Cy Reed')).getByRole('button', { name: 'Edit Cy Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    expect(within(dialog).queryByRole('button', { name: 'Change photo' })).not.toBeInTheDocument();
  });

  it('shows the new photo and logo in the top bar when the server announces them', async () => {
    setUp();
    await table();
    act(() =>
      latestSocket().serverEmit('editMember', {
        _id: ANN._id,
        name: ANN.name,
        email: ANN.email,
        phone: null,
        permissions: [],
        dataAccess: 'All data',
        avatar: PHOTO_URL,
      }),
    );
    await waitFor(() => expect(topBarAvatar()).toHaveAttribute('src', PHOTO_URL));
    act(() => latestSocket().serverEmit('teamProfileChanged', { name: 'Acme Homes', avatar: LOGO_URL }));
    expect(await screen.findByRole('img', { name: 'Acme Homes logo' })).toHaveAttribute('src', LOGO_URL);
  });
});
