import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { mockApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

function setUp(backlog: { received: number; labelled: number }) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser({ role: 'admin' }) } },
    'GET /api/replies/backlog': { status: 200, body: backlog },
  });
  return renderApp('/settings/replies', { token: 'token-ann' });
}

describe('Settings > Reply actions: the replies received before labels existed', () => {
  it('shows how far the background pass has labelled them while it runs', async () => {
    setUp({ received: 1200, labelled: 300 });
    const section = await screen.findByRole('region', { name: 'Sorting the replies received before' });
    expect(section).toHaveTextContent('300 of 1,200 received texts labelled so far.');
    expect(screen.getByRole('progressbar', { name: 'Sorting the replies received before' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('shows nothing once every received text carries a label', async () => {
    setUp({ received: 1200, labelled: 1200 });
    await screen.findByRole('region', { name: 'Interested' });
    expect(
      screen.queryByRole('region', { name: 'Sorting the replies received before' }),
    ).not.toBeInTheDocument();
  });
});
