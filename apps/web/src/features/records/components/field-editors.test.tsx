import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type SectionFieldDto } from '@prospector/core';
import { buildItem, buildMember, buildStatus, buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

// The editors of a record's custom fields, by type (spec part 1 §5), in the record opened over a page.

const ITEM_ID = '33333333-3333-4333-8333-333333333333';
// The record modal is a lazy chunk: on a loaded 2-core machine its first load took over 3 s.
const LOAD = { timeout: 15_000 };

const field = (over: Partial<SectionFieldDto> & Pick<SectionFieldDto, '_id' | 'name' | 'type'>) => ({
  options: [],
  config: {},
  system: false,
  ...over,
});
const EMAIL = field({ _id: 'f-email', name: 'Work e-mail', type: 'Email' });
const SITE = field({ _id: 'f-site', name: 'Listing', type: 'Link' });
const PLACE = field({ _id: 'f-place', name: 'Office', type: 'Location' });
const SOURCE = field({ _id: 'f-source', name: 'Source', type: 'Category', options: ['Zillow', 'Referral'] });

function setUp(custom: Record<string, string> = {}) {
  const item = buildItem({ _id: ITEM_ID, custom });
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/teams/members': { status: 200, body: { members: [buildMember()] } },
    'POST /api/dashboard/get': {
      status: 200,
      body: { filterBy: null, columns: [{ status: buildStatus(), count: 0, items: [] }] },
    },
    [`GET /api/items/${ITEM_ID}`]: {
      status: 200,
      body: {
        item,
        messages: [],
        tasks: [],
        sections: [
          {
            _id: 's1',
            name: 'Deal',
            hidden: false,
            users: [],
            system: false,
            fields: [EMAIL, SITE, PLACE, SOURCE],
          },
        ],
      },
    },
    'GET /api/replies/labels': { status: 200, body: { labels: [] } },
    'PATCH /api/items/update': { status: 200, body: { item } },
  });
  return renderApp(`/billing?record=${ITEM_ID}`, { token: 'token-ann' });
}

async function openRecord() {
  return within(await screen.findByRole('dialog', { name: /Jane Doe/ }, LOAD));
}

describe("a record's custom fields", () => {
  it('keeps an invalid e-mail in its field with the reason, and saves nothing', async () => {
    const { user } = setUp();
    const record = await openRecord();
    const email = record.getByRole('textbox', { name: 'Work e-mail' });

    await user.type(email, 'jane@{Enter}');

    expect(await record.findByText(messages.auth.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveValue('jane@');
    expect(requestsTo('PATCH', '/api/items/update')).toHaveLength(0);
  });

  it('saves a link with https:// in front when it is typed without', async () => {
    const { user } = setUp();
    const record = await openRecord();

    await user.type(record.getByRole('textbox', { name: 'Listing' }), 'zillow.com/home/1{Enter}');

    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/items/update')[0]?.body).toEqual({
        fieldId: 'f-site',
        itemId: ITEM_ID,
        data: 'https://zillow.com/home/1',
        type: 'contact',
      }),
    );
  });

  it('opens a saved link and shows a saved place on a map, in a new tab', async () => {
    setUp({ 'f-site': 'zillow.com/home/1', 'f-place': '12 Oak St, Sacramento' });
    const record = await openRecord();

    const open = record.getByRole('link', { name: 'Open Listing' });
    expect(open).toHaveAttribute('href', 'https://zillow.com/home/1');
    expect(open).toHaveAttribute('target', '_blank');
    expect(record.getByRole('link', { name: 'Show Office on a map' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Oak%20St%2C%20Sacramento',
    );
  });

  it('offers no link while a Link or Location field is empty', async () => {
    setUp();
    const record = await openRecord();
    expect(record.getByRole('textbox', { name: 'Listing' })).toBeInTheDocument();
    expect(record.queryByRole('link', { name: 'Open Listing' })).not.toBeInTheDocument();
    expect(record.queryByRole('link', { name: 'Show Office on a map' })).not.toBeInTheDocument();
  });

  it("saves the category picked from the field's options", async () => {
    const { user } = setUp();
    const record = await openRecord();

    await user.click(record.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Referral' }));

    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/items/update')[0]?.body).toEqual({
        fieldId: 'f-source',
        itemId: ITEM_ID,
        data: 'Referral',
        type: 'contact',
      }),
    );
  });
});
