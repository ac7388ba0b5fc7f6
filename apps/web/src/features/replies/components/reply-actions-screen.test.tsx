import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultReplyActions, type ReplyActionSettings } from '@prospector/core';
import { buildStatus, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const NEW = buildStatus({ _id: '11111111-1111-4111-8111-111111111111', text: 'New lead' });
const HOT = buildStatus({ _id: '22222222-2222-4222-8222-222222222222', text: 'Hot' });

// The first render of the whole app takes seconds when the machine is loaded: limits with margin.
const LOAD = { timeout: 15_000 };

function setUp(accuracy: {
  corrections: number;
  measuredOn: number;
  teamModel: number | null;
  baseModel: number | null;
}) {
  let stored: ReplyActionSettings = defaultReplyActions([]);
  const save: FakeRoute = ({ body }) => {
    stored = body as ReplyActionSettings;
    return { status: 200, body: { settings: stored } };
  };
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser({ role: 'admin' }) } },
    'POST /api/dashboard/get': {
      status: 200,
      body: {
        filterBy: null,
        columns: [NEW, HOT].map((status) => ({ status, count: 0, items: [] })),
      },
    },
    'GET /api/replies/actions': () => ({ status: 200, body: { settings: stored } }),
    'PUT /api/replies/actions': save,
    'GET /api/replies/accuracy': { status: 200, body: accuracy },
  });
  return renderApp('/settings/replies', { token: 'token-ann' });
}

describe('Settings > Reply actions', { timeout: 45_000 }, () => {
  it("shows an admin the team model's accuracy on its newest corrections, beside the model before any", async () => {
    setUp({ corrections: 40, measuredOn: 8, teamModel: 0.875, baseModel: 0.5 });
    const model = await screen.findByRole('region', { name: "The team's model" }, LOAD);
    expect(within(model).getByTestId('team-model-accuracy')).toHaveTextContent('88%');
    expect(within(model).getByText('50%')).toBeInTheDocument();
    expect(model).toHaveTextContent(
      "Measured on the team's 8 newest corrections (of 40), with a model that learned only the older ones.",
    );
  });

  it('says when there is nothing to measure yet', async () => {
    setUp({ corrections: 0, measuredOn: 0, teamModel: null, baseModel: null });
    const model = await screen.findByRole('region', { name: "The team's model" }, LOAD);
    expect(model).toHaveTextContent('No corrections yet');
    expect(within(model).queryByTestId('team-model-accuracy')).not.toBeInTheDocument();
  });

  it('shows no share measured on fewer than five corrections, which would be noise', async () => {
    setUp({ corrections: 12, measuredOn: 2, teamModel: 0, baseModel: 0 });
    const model = await screen.findByRole('region', { name: "The team's model" }, LOAD);
    expect(model).toHaveTextContent(
      '12 corrections so far: the model learns each at once, and its accuracy on them shows here from the 25th.',
    );
    expect(within(model).queryByTestId('team-model-accuracy')).not.toBeInTheDocument();
    expect(within(model).queryByText('0%')).not.toBeInTheDocument();
  });

  it("saves an admin's pick at once: interested replies move to the status picked, a label turned off does nothing", async () => {
    const { user } = setUp({ corrections: 0, measuredOn: 0, teamModel: null, baseModel: null });
    const interested = await screen.findByRole('region', { name: 'Interested' }, LOAD);
    await user.click(within(interested).getByRole('combobox', { name: 'Move the record to' }));
    await user.click(await screen.findByRole('option', { name: 'Hot' }));
    await waitFor(() => expect(requestsTo('PUT', '/api/replies/actions')).toHaveLength(1));
    expect(requestsTo('PUT', '/api/replies/actions')[0]!.body).toMatchObject({
      interested: { on: true, statusId: HOT._id, notify: true },
    });

    const callback = screen.getByRole('region', { name: 'Call back' });
    await user.click(within(callback).getByRole('switch', { name: 'Act on Call back' }));
    await waitFor(() => expect(requestsTo('PUT', '/api/replies/actions')).toHaveLength(2));
    expect(requestsTo('PUT', '/api/replies/actions')[1]!.body).toMatchObject({
      callback: { on: false },
      interested: { statusId: HOT._id },
    });
    expect(within(callback).getByRole('switch', { name: 'Act on Call back' })).not.toBeChecked();
  });
});
