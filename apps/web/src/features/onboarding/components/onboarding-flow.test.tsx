import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  messages,
  type CurrentUser,
  type DeviceDto,
  type StatusDto,
  type TeamMemberDto,
  type TemplateGroupDto,
} from '@prospector/core';
import { buildDevice, buildStatus, buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const newcomer = buildUser({ name: '', team: { name: 'Unnamed Company', onboarded: false, timezone: null } });
const BUILT_IN: StatusDto[] = ['Not contacted', 'DNC', 'Wrong number'].map((text, i) =>
  buildStatus({ _id: `s${i}`, text, builtIn: true }),
);

/** The newcomer as Settings > Team lists them (the answer to editing their own name). */
function ownMember(user: CurrentUser): TeamMemberDto {
  const { _id, name, email, phone, role, permissions, dataAccess, avatar } = user;
  return { _id, name, email, phone, role, permissions, dataAccess, avatar, invited: false };
}

/** A fake server that remembers what onboarding adds. */
function fakeServer(me = newcomer) {
  const state = {
    devices: [] as DeviceDto[],
    groups: [] as TemplateGroupDto[],
    statuses: [...BUILT_IN],
  };
  const ok = (body: unknown = {}) => ({ status: 200, body });
  mockApi({
    'GET /api/users/me': ok({ user: me }),
    'PATCH /api/teams/editProfile': (r) => ok({ name: (r.body as { name: string }).name }),
    'PATCH /api/teams/editMember': (r) =>
      ok({ user: { ...ownMember(me), ...(r.body as Partial<TeamMemberDto>) }, pendingEmail: null }),
    'PATCH /api/users/updateTimezone': (r) =>
      ok({ timezone: (r.body as { timezone: { value: string } }).timezone.value }),
    'GET /api/services/devices': () => ok({ devices: state.devices }),
    'GET /api/timezones/cities': ok({ cities: [] }),
    'POST /api/services/addSimulatedPhone': () => {
      state.devices = [buildDevice({ value: '+19165550100', simulated: true, connected: true })];
      return ok({ message: messages.devices.simulatedAdded, device: state.devices[0] });
    },
    'GET /api/templates': () =>
      ok({ groups: state.groups, templates: [], subTemplates: [], quickReplies: [], fields: [] }),
    'PUT /api/templates/addGroup': (r) => {
      const group = { _id: 'g1', name: (r.body as { name: string }).name, count: 0 };
      state.groups = [group];
      return ok(group);
    },
    'PUT /api/templates/addTemplate': () => {
      state.groups = state.groups.map((g) => ({ ...g, count: g.count + 1 }));
      return ok({ _id: 't1', text: 'Hello there', groupId: 'g1', blockedCount: 0 });
    },
    'GET /api/settings/statuses': () => ok({ statuses: state.statuses }),
    'PUT /api/settings/addStatus': (r) => {
      const status = buildStatus({ _id: 'custom', text: (r.body as { text: string }).text, builtIn: false });
      state.statuses = [...state.statuses, status];
      return ok(status);
    },
    'PATCH /api/users/boarded': ok({
      user: {
        ...newcomer,
        name: 'Ann Walker',
        team: { ...newcomer.team, name: 'Sierra Realty', onboarded: true },
      },
    }),
  });
}

const next = () => screen.getByRole('button', { name: 'NEXT' });
const heading = (name: string | RegExp) => screen.findByRole('heading', { name });
/** The step's refusal; a toast (a device added) may be on screen beside it. */
async function refused(message: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(message));
}

describe('onboarding', () => {
  it('refuses NEXT with each gate’s message until it is met, then Proceed opens the dashboard', async () => {
    fakeServer();
    const { user, location } = renderApp('/', { token: 'token-ann' });

    await heading('Welcome to Prospector');
    expect(screen.getAllByTestId('progress-segment')).toHaveLength(7);
    await user.click(next());

    await heading('Your company');
    await user.click(next());
    await refused(messages.settings.companyNameTooShort);
    await user.type(screen.getByLabelText('Company name'), 'Unnamed Company');
    await user.click(next());
    await refused(messages.onboarding.companyNameRequired);
    await user.clear(screen.getByLabelText('Company name'));
    await user.type(screen.getByLabelText('Company name'), 'Sierra Realty');
    await user.click(next());
    await refused(messages.onboarding.userNameRequired);
    await user.type(screen.getByLabelText('Your name'), 'Ann Walker');
    await user.click(next());

    await heading('Your time zone');
    expect(requestsTo('PATCH', '/api/teams/editProfile')[0]?.body).toEqual({ name: 'Sierra Realty' });
    expect(requestsTo('PATCH', '/api/teams/editMember')[0]?.body).toMatchObject({ name: 'Ann Walker' });
    await user.click(next());

    await heading('Connect a device');
    expect(requestsTo('PATCH', '/api/users/updateTimezone')).toHaveLength(1);
    await user.click(next());
    await refused(messages.onboarding.deviceRequired);
    await user.click(screen.getByRole('button', { name: 'Add a simulated phone' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await user.click(next());

    await heading('Subtemplates');
    await user.click(next());

    await heading('Templates');
    await user.click(next());
    await refused(messages.onboarding.templateRequired);
    await user.type(screen.getByLabelText('Group name'), 'First touch');
    await user.type(screen.getByLabelText('Template'), 'Hello there, a quick question');
    await user.click(screen.getByRole('button', { name: 'Add group with template' }));
    expect(await screen.findByText('1 template')).toBeInTheDocument();
    await user.click(next());

    await heading('Statuses');
    await user.click(next());
    await refused(messages.onboarding.statusRequired);
    await user.type(screen.getByLabelText('New status'), 'Interested');
    await user.click(screen.getByRole('button', { name: 'Add status' }));
    expect(await within(screen.getByLabelText('Your statuses')).findByText('Interested')).toBeInTheDocument();
    await user.click(next());

    await heading('All set!');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/users/boarded')).toHaveLength(1);
    expect(location.current).toBe('/');
    expect(screen.queryByRole('heading', { name: 'All set!' })).not.toBeInTheDocument();
  });

  it('lets the subtemplates step be skipped, and BACK return to the step before', async () => {
    fakeServer();
    const { user } = renderApp('/', { token: 'token-ann' });
    await heading('Welcome to Prospector');
    await user.click(next());
    await user.type(await screen.findByLabelText('Company name'), 'Sierra Realty');
    await user.type(screen.getByLabelText('Your name'), 'Ann');
    await user.click(next());
    await heading('Your time zone');
    await user.click(next());
    await heading('Connect a device');
    await user.click(screen.getByRole('button', { name: 'Add a simulated phone' }));
    await screen.findByText('Connected');
    await user.click(next());

    await heading('Subtemplates');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await heading('Templates');
    expect(requestsTo('PUT', '/api/templates/addSubTemplate')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'BACK' }));
    await heading('Subtemplates');
  });

  it('picks up where a returning user left off: the first step whose gate is not met', async () => {
    fakeServer(
      buildUser({
        name: 'Ann Walker',
        team: { name: 'Sierra Realty', onboarded: false, timezone: 'America/Denver' },
      }),
    );
    renderApp('/', { token: 'token-ann' });
    expect(await screen.findByRole('heading', { name: /device/i })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Prospector' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'BACK' })).toBeEnabled();
  });
});
