import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type SidPhones, serverMessages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const SID = 'ACSIMaaaabbbbccccddddeeeeffff0';
const ACCOUNTS = {
  provider: 'simulated',
  accounts: [
    {
      sid: SID,
      friendlyName: 'Acme Realty',
      status: 'suspended',
      team: { _id: 't1', name: 'Acme Realty', owner: 'Olivia Owner' },
      phoneCount: 2,
    },
    {
      sid: 'ACSIMzzzz',
      friendlyName: 'Other',
      status: 'active',
      team: { _id: 't2', name: 'Other Team', owner: 'Otto Other' },
      phoneCount: 1,
    },
  ],
};
const phone = (n: string, sid: string, onTeam = true) => ({
  sid,
  number: n,
  accSid: SID,
  atProvider: true,
  onTeam,
});
const VIEW: SidPhones = {
  sid: SID,
  name: 'Olivia Owner',
  team: { _id: 't1', name: 'Acme Realty' },
  status: 'suspended',
  phones: [phone('+12125550100', 'PN1'), phone('+13055550101', 'PN2')],
};

function setUp(routes: Record<string, FakeRoute> = {}, user = buildUser({ isStaff: true })) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'GET /api/admin/voiceAccounts': { status: 200, body: ACCOUNTS },
    // The admin area asks whether this session has its second factor: it has.
    'GET /api/admin/secondFactor': {
      status: 200,
      body: {
        enrolled: true,
        verified: true,
        verifiedUntil: '2026-11-25T10:00:00.000Z',
        recoveryCodesLeft: 10,
      },
    },
    [`GET /api/admin/getSidPhones/${SID}`]: { status: 200, body: VIEW },
    ...routes,
  });
  return renderApp('/admin/suspension', { token: 'token-sam' });
}

async function openAcme() {
  const accounts = within(await screen.findByRole('region', { name: 'Sub-accounts' }));
  await userEvent.type(accounts.getByRole('textbox', { name: 'Sid, team or owner' }), 'olivia');
  expect(accounts.queryByText('Other Team')).not.toBeInTheDocument();
  await userEvent.click(accounts.getByRole('button', { name: `Open ${SID}` }));
  return within(await screen.findByRole('region', { name: `Phones of ${SID}` }));
}

describe('/admin/suspension', () => {
  it("lists the sub-accounts, finds one by owner, and shows its phones with the owner's name", async () => {
    setUp();
    const panel = await openAcme();
    expect(await panel.findByText('(212) 555-0100')).toBeInTheDocument();
    expect(panel.getByText('(305) 555-0101')).toBeInTheDocument();
    expect(panel.getByText(/Owner Olivia Owner/)).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  it("shows the spec's refusal naming the owner when removal fails, then force removes the ticked phone", async () => {
    setUp({
      'PATCH /api/admin/removePhones': {
        status: 409,
        body: {
          code: 'CANNOT_REMOVE',
          message: 'CAN NOT REMOVE. TRY FORCE REMOVE AND LET Olivia Owner KNOW',
        },
      },
      'PATCH /api/admin/forceRemovePhones': {
        status: 200,
        body: {
          message: 'The phones were force removed. Let Olivia Owner know.',
          notReleased: ['+12125550100'],
          result: { ...VIEW, phones: [phone('+12125550100', 'PN1', false), VIEW.phones[1]!] },
        },
      },
    });
    const panel = await openAcme();
    await userEvent.click(await panel.findByRole('checkbox', { name: 'Select +12125550100' }));
    await userEvent.click(panel.getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('CAN NOT REMOVE. TRY FORCE REMOVE AND LET Olivia Owner KNOW'),
    ).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/admin/removePhones')[0]!.body).toEqual({ sid: SID, phones: ['PN1'] });
    await userEvent.click(panel.getByRole('button', { name: 'Force remove' }));
    expect(
      await screen.findByText('The phones were force removed. Let Olivia Owner know.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(panel.getByText('Dropped')).toBeInTheDocument());
  });

  it('replaces every ticked phone and says so', async () => {
    setUp({
      'PATCH /api/admin/replacePhones': {
        status: 200,
        body: {
          message: serverMessages.adminPhones.replaced,
          replaced: [
            { from: '+12125550100', to: '+12125550102' },
            { from: '+13055550101', to: '+13055550103' },
          ],
          result: { ...VIEW, phones: [phone('+12125550102', 'PN3'), phone('+13055550103', 'PN4')] },
        },
      },
    });
    const panel = await openAcme();
    await userEvent.click(await panel.findByRole('checkbox', { name: 'Select all phones' }));
    await userEvent.click(panel.getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText(serverMessages.adminPhones.replaced)).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/admin/replacePhones')[0]!.body).toEqual({
      sid: SID,
      phones: ['PN1', 'PN2'],
    });
    expect(await panel.findByText('(212) 555-0102')).toBeInTheDocument();
  });

  it('shows a not-found view to anyone but staff, and asks for nothing', async () => {
    setUp({}, buildUser({ isStaff: false }));
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(requestsTo('GET', '/api/admin/voiceAccounts')).toEqual([]);
  });
});
