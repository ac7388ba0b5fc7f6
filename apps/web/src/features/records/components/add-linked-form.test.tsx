import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS, type ItemSummary } from '@prospector/core';
import { requestsTo, type FakeRoute } from '../../../test/fake-api';
import { findRecord, renderRecordOverPage } from '../testing/record-over-page';

// The add box under a record's linked panel (spec part 1 §5): the team's matching records are
// suggested as the user types, but never one already linked.

const summary = (id: string, title: string): ItemSummary => ({
  _id: `${id}-6666-4666-8666-666666666666`,
  type: 'property',
  status: null,
  title,
  subtitle: 'Seattle, WA',
});
const LINKED = summary('66666666', '4877 Terrace Dr NE');
const OTHER = summary('88888888', '4877 Terrace Dr SW');
const found: FakeRoute = { status: 200, body: { results: [LINKED, OTHER] } };

function setUp(routes: Record<string, FakeRoute> = {}) {
  return renderRecordOverPage({
    item: { properties: [LINKED] },
    routes: { 'POST /api/services/search': found, ...routes },
  });
}

async function addressBox() {
  const record = await findRecord();
  return { record, box: record.getByRole('textbox', { name: 'New property address' }) };
}

describe("a linked panel's add box", () => {
  it('never suggests a property already linked to the record', async () => {
    const { user } = setUp();
    const { record, box } = await addressBox();

    await user.type(box, '4877 Terr');

    const suggestions = within(await record.findByRole('listbox', { name: "Your team's properties" }));
    expect(await suggestions.findByRole('option', { name: '4877 Terrace Dr SW' })).toBeInTheDocument();
    expect(suggestions.queryByRole('option', { name: '4877 Terrace Dr NE' })).not.toBeInTheDocument();
  });

  it('asks for suggestions only from the third character', async () => {
    const { user } = setUp();
    const { box } = await addressBox();

    await user.type(box, '48');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 300));
    expect(requestsTo('POST', '/api/services/search')).toHaveLength(0);

    await user.type(box, '7');
    await waitFor(() =>
      expect(requestsTo('POST', '/api/services/search')[0]?.body).toEqual({ text: '487', type: 'property' }),
    );
  });

  it('keeps the typed address, and says why, when the server refuses to add it', async () => {
    const { user } = setUp({
      'POST /api/services/search': { status: 200, body: { results: [] } },
      'PATCH /api/services/addAndMapData': { status: 409, body: { code: 'X', message: 'No such address.' } },
    });
    const { box } = await addressBox();

    await user.type(box, '1 Nowhere Rd{Enter}');

    expect(await screen.findByText('No such address.')).toBeInTheDocument();
    expect(box).toHaveValue('1 Nowhere Rd');
  });
});
