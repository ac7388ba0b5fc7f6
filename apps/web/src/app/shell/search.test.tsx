import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemSummary } from '@prospector/core';
import { buildUser } from '../../test/factories';
import { mockApi, requestsTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const RESULTS: ItemSummary[] = [
  {
    _id: '77777777-7777-4777-8777-777777777771',
    type: 'contact',
    status: null,
    title: 'Jane Doe',
    subtitle: '+19164567890',
  },
  {
    _id: '77777777-7777-4777-8777-777777777772',
    type: 'property',
    status: 'Hot',
    title: '12 Elm St',
    subtitle: 'Sacramento, CA',
  },
  {
    _id: '77777777-7777-4777-8777-777777777773',
    type: 'company',
    status: null,
    title: 'Jansen Homes',
    subtitle: 'jansen.com',
  },
];

function setUp() {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'POST /api/services/search': { status: 200, body: { results: RESULTS } },
  });
  return renderApp('/billing', { token: 'token-ann' });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const selected = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');

describe('search', () => {
  it('searches only from 3 characters, 500 ms after the last keystroke', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: /Search/ }));
    const input = await screen.findByRole('combobox', { name: 'Search' });

    await user.type(input, 'ja');
    await wait(700);
    expect(requestsTo('POST', '/api/services/search')).toHaveLength(0);

    await user.type(input, 'n');
    expect(requestsTo('POST', '/api/services/search')).toHaveLength(0);
    expect(await screen.findByRole('option', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/services/search')[0]?.body).toEqual({ text: 'jan', type: 'all' });

    await user.clear(input);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens with Ctrl+K, moves the highlight with the arrows and opens the highlighted record on Enter', async () => {
    const { user, location } = setUp();
    await screen.findByRole('navigation', { name: 'Main' });

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search' });
    await user.click(screen.getByRole('radio', { name: 'Properties' }));
    await user.type(input, 'jan');
    await screen.findByRole('option', { name: /Jane Doe/ });
    expect(requestsTo('POST', '/api/services/search')[0]?.body).toEqual({ text: 'jan', type: 'property' });
    expect(selected()).toHaveTextContent('Jane Doe');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()).toHaveTextContent('Jansen Homes');
    await user.keyboard('{ArrowUp}');
    expect(selected()).toHaveTextContent('12 Elm St');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.current).toBe(`/billing?record=${RESULTS[1]!._id}`));
  });
});
