import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type StatusDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const STATUSES: StatusDto[] = [
  { _id: 's-1', text: 'Not contacted', hidden: false, builtIn: true },
  { _id: 's-2', text: 'DNC', hidden: false, builtIn: true },
  { _id: 's-3', text: 'Wrong number', hidden: false, builtIn: true },
  { _id: 's-4', text: 'Hot', hidden: false, builtIn: false },
];

/** A fake server that remembers the team's statuses, as the real one does. */
function setUp(routes: Record<string, FakeRoute> = {}, permissions: ['statuses'] | [] = []) {
  let rows = STATUSES.map((s) => ({ ...s }));
  const change = (id: string, patch: Partial<StatusDto>) => {
    rows = rows.map((s) => (s._id === id ? { ...s, ...patch } : s));
    return { status: 200, body: rows.find((s) => s._id === id) };
  };
  const role = permissions.length ? 'member' : 'admin';
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser({ role, permissions }) } },
    'GET /api/settings/statuses': () => ({ status: 200, body: { statuses: rows } }),
    'PATCH /api/settings/statusHidden': (req) => {
      const { _id, hidden } = req.body as { _id: string; hidden: boolean };
      return change(_id, { hidden });
    },
    'PATCH /api/settings/editStatusText': (req) => {
      const { _id, text } = req.body as { _id: string; text: string };
      return change(_id, { text });
    },
    'PUT /api/settings/addStatus': (req) => {
      const added = { _id: 's-5', text: (req.body as { text: string }).text, hidden: false, builtIn: false };
      rows = [...rows, added];
      return { status: 200, body: added };
    },
    'PATCH /api/settings/removeStatus': (req) => {
      rows = rows.filter((s) => s._id !== (req.body as { _id: string })._id);
      return { status: 200, body: { ok: true } };
    },
    ...routes,
  });
  return renderApp('/settings/statuses', { token: 'token-ann' });
}

const table = () => screen.findByRole('table', { name: 'Statuses' });

describe('Settings > Statuses', () => {
  it('lists every status; built-ins can be hidden but not renamed or removed', async () => {
    setUp({}, ['statuses']);
    const rows = within(await table());
    expect(rows.getByRole('textbox', { name: 'Status name: DNC' })).toHaveAttribute('readonly');
    expect(rows.getByRole('textbox', { name: 'Status name: Hot' })).not.toHaveAttribute('readonly');
    expect(rows.getByRole('switch', { name: 'Hide DNC' })).toBeEnabled();
    expect(rows.queryByRole('button', { name: 'Remove DNC' })).not.toBeInTheDocument();
    expect(rows.getByRole('button', { name: 'Remove Hot' })).toBeInTheDocument();
  });

  it('sends a member without the statuses permission to Team', async () => {
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser({ role: 'member', permissions: [] }) } },
      // The Team page's own calls are not this test's business: a 502 is answered in silence.
      'GET /api/teams/listMembers': { status: 502 },
    });
    const { location } = renderApp('/settings/statuses', { token: 'token-ann' });
    await waitFor(() => expect(location.current).toBe('/settings/team'));
    expect(requestsTo('GET', '/api/settings/statuses')).toHaveLength(0);
  });

  it('hides a status at once, and shows it again with the server message when the call fails', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { user } = setUp({
      'PATCH /api/settings/statusHidden': () => new Promise((resolve) => (answer = resolve)),
    });
    const hide = within(await table()).getByRole('switch', { name: 'Hide Hot' });
    await user.click(hide);
    expect(hide).toBeChecked();
    answer({ status: 409, body: { code: 'X', message: 'That did not work.' } });
    expect(await screen.findByText('That did not work.')).toBeInTheDocument();
    await waitFor(() => expect(hide).not.toBeChecked());
    expect(requestsTo('PATCH', '/api/settings/statusHidden')[0]!.body).toEqual({ _id: 's-4', hidden: true });
  });

  it('keeps a hidden status hidden when the call succeeds', async () => {
    const { user } = setUp();
    const hide = within(await table()).getByRole('switch', { name: 'Hide DNC' });
    await user.click(hide);
    await waitFor(() => expect(requestsTo('PATCH', '/api/settings/statusHidden')).toHaveLength(1));
    expect(hide).toBeChecked();
  });

  it('renames a status once, a second after the last keystroke', async () => {
    const { user } = setUp();
    const name = within(await table()).getByRole('textbox', { name: 'Status name: Hot' });
    await user.clear(name);
    await user.type(name, 'Warm lead');
    expect(requestsTo('PATCH', '/api/settings/editStatusText')).toHaveLength(0);
    await waitFor(() => expect(requestsTo('PATCH', '/api/settings/editStatusText')).toHaveLength(1), {
      timeout: 15_000,
    });
    expect(requestsTo('PATCH', '/api/settings/editStatusText')[0]!.body).toEqual({
      _id: 's-4',
      text: 'Warm lead',
      prevText: 'Hot',
    });
  });

  it('refuses a DNC-like or repeated name as it is typed, and sends nothing', async () => {
    const { user } = setUp();
    const name = within(await table()).getByRole('textbox', { name: 'Status name: Hot' });
    await user.clear(name);
    await user.type(name, 'Wrong #');
    expect(await screen.findByText(messages.records.forbiddenStatus)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'dnc');
    expect(await screen.findByText(messages.records.forbiddenStatus)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'not contacted');
    expect(await screen.findByText(messages.records.statusExists)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(requestsTo('PATCH', '/api/settings/editStatusText')).toHaveLength(0);
  });

  it("refuses forbidden words in the Add status modal with the spec's message, then adds a status", async () => {
    const { user } = setUp();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add status' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add status' }));
    const name = dialog.getByRole('textbox', { name: 'Status name' });
    await user.type(name, 'Do not call');
    expect(dialog.getByText('Prospector already has DNC and Wrong # statuses built in.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add status' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Follow up');
    await user.click(dialog.getByRole('button', { name: 'Add status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('PUT', '/api/settings/addStatus')[0]!.body).toEqual({ text: 'Follow up' });
    expect(await screen.findByRole('textbox', { name: 'Status name: Follow up' })).toBeInTheDocument();
  });

  it('asks before removing a status, saying its records are left with no status', async () => {
    const { user } = setUp();
    await user.click(within(await table()).getByRole('button', { name: 'Remove Hot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove status' }));
    expect(dialog.getByText(messages.records.removeStatusConfirm, { exact: false })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Status name: Hot' })).not.toBeInTheDocument(),
    );
    expect(requestsTo('PATCH', '/api/settings/removeStatus')[0]!.body).toEqual({ _id: 's-4', text: 'Hot' });
  });

  it("saves a status's call settings: forward to a member's phone, and a voicemail left automatically", async () => {
    const { user } = setUp({
      'GET /api/settings/statusCalls': {
        status: 200,
        body: {
          settings: [{ _id: 's-1', forward: false, forwardTo: null, autoRvm: true, selectedVm: 'vm-1' }],
          members: [
            { _id: 'u-1', name: 'Ann Owner', hasPhone: false },
            { _id: 'u-2', name: 'Cy Field', hasPhone: true },
          ],
          voicemails: [{ _id: 'vm-1', name: 'Spring intro' }],
        },
      },
      'PATCH /api/settings/editStatusCalls': (req) => ({ status: 200, body: req.body }),
    });
    await user.click(within(await table()).getByRole('button', { name: 'Call settings for Hot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Call settings: Hot' }));
    const forwardTo = await dialog.findByRole('combobox', { name: 'Forward to' });
    expect(forwardTo).toBeDisabled();
    expect(dialog.getByRole('switch', { name: /Leave a voicemail automatically/ })).not.toBeChecked();
    await user.click(dialog.getByRole('switch', { name: /Forward inbound calls/ }));
    // Forward needs a member to forward to.
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(forwardTo);
    expect(
      screen.getByRole('option', { name: 'Ann Owner (no phone number)', hidden: true }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Cy Field', hidden: true }));
    await user.click(dialog.getByRole('switch', { name: /Leave a voicemail automatically/ }));
    await user.click(dialog.getByRole('combobox', { name: 'Voicemail' }));
    await user.click(screen.getByRole('option', { name: 'Spring intro', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('PATCH', '/api/settings/editStatusCalls')[0]!.body).toEqual({
      _id: 's-4',
      forward: true,
      forwardTo: 'u-2',
      autoRvm: true,
      selectedVm: 'vm-1',
    });
  });

  it('opens with the saved settings of a status that has them', async () => {
    const { user } = setUp({
      'GET /api/settings/statusCalls': {
        status: 200,
        body: {
          settings: [{ _id: 's-1', forward: false, forwardTo: null, autoRvm: true, selectedVm: 'vm-1' }],
          members: [],
          voicemails: [{ _id: 'vm-1', name: 'Spring intro' }],
        },
      },
    });
    await user.click(within(await table()).getByRole('button', { name: 'Call settings for Not contacted' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Call settings: Not contacted' }));
    expect(await dialog.findByRole('switch', { name: /Leave a voicemail automatically/ })).toBeChecked();
    expect(dialog.getByRole('combobox', { name: 'Voicemail' })).toHaveValue('Spring intro');
  });

  it("closes a status's call settings on Cancel and saves nothing", async () => {
    const { user } = setUp({
      'GET /api/settings/statusCalls': {
        status: 200,
        body: { settings: [], members: [], voicemails: [] },
      },
    });
    await user.click(within(await table()).getByRole('button', { name: 'Call settings for Hot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Call settings: Hot' }));
    await user.click(await dialog.findByRole('switch', { name: /Leave a voicemail automatically/ }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('PATCH', '/api/settings/editStatusCalls')).toEqual([]);
  });
});
