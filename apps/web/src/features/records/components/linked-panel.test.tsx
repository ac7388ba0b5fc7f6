import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemSummary } from '@prospector/core';
import { buildItem } from '../../../test/factories';
import { requestsTo, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The records linked to a record (spec part 1 §5): each row expands to its details, opens or unlinks.

const TERRACE: ItemSummary = {
  _id: '66666666-6666-4666-8666-666666666666',
  type: 'property',
  status: null,
  title: '4877 Terrace Dr NE',
  subtitle: 'Seattle, WA',
};
const ACME: ItemSummary = {
  _id: '77777777-7777-4777-8777-777777777777',
  type: 'company',
  status: null,
  title: 'Acme Roofing LLC',
  subtitle: 'acmeroofing.test',
};

function setUp(routes: Record<string, FakeRoute> = {}) {
  return renderRecordOverPage({ item: { properties: [TERRACE], companies: [ACME] }, routes });
}

async function findPanel(name: 'Properties' | 'Companies') {
  const record = await findRecord();
  return within(record.getByRole('region', { name }));
}

describe("a record's linked records", () => {
  it('says none are linked when the panel is empty', async () => {
    renderRecordOverPage({});
    const companies = await findPanel('Companies');
    expect(companies.getByText('None linked.')).toBeInTheDocument();
  });

  it("shows a property's listing search once its row is expanded", async () => {
    const { user } = setUp();
    const properties = await findPanel('Properties');
    expect(properties.queryByRole('link', { name: /Search listings/ })).not.toBeInTheDocument();

    await user.click(properties.getByRole('button', { name: 'Expand 4877 Terrace Dr NE' }));

    expect(await properties.findByRole('link', { name: /Search listings/ })).toHaveAttribute(
      'href',
      `https://www.zillow.com/homes/${encodeURIComponent('4877 Terrace Dr NE Seattle, WA')}_rb/`,
    );
    expect(properties.getByRole('button', { name: 'Collapse 4877 Terrace Dr NE' })).toBeInTheDocument();
  });

  it("links a company's website, with https:// in front, once its row is expanded", async () => {
    const { user } = setUp();
    const companies = await findPanel('Companies');

    await user.click(companies.getByRole('button', { name: 'Expand Acme Roofing LLC' }));

    const site = await companies.findByRole('link', { name: 'acmeroofing.test' });
    expect(site).toHaveAttribute('href', 'https://acmeroofing.test');
    expect(site).toHaveAttribute('target', '_blank');
  });

  it('opens a linked record in place of this one', async () => {
    const { user, location } = setUp({
      [`GET /api/items/${TERRACE._id}`]: {
        status: 200,
        body: {
          item: buildItem({
            _id: TERRACE._id,
            type: 'property',
            idts: [],
            data: { Address: '4877 Terrace Dr NE' },
          }),
          messages: [],
          tasks: [],
          sections: [],
        },
      },
      [`GET /api/properties/skiptrace/${TERRACE._id}`]: {
        status: 200,
        body: { hasPhones: true, prices: { single: 0.06, multi: 0.05 }, demo: false },
      },
    });
    const properties = await findPanel('Properties');
    await user.click(properties.getByRole('button', { name: 'Expand 4877 Terrace Dr NE' }));

    await user.click(await properties.findByRole('button', { name: 'Open' }));

    await waitFor(() => expect(location.current).toBe(`/billing?record=${TERRACE._id}`));
  });

  it('unlinks a record from the panel and tells the server which', async () => {
    const { user } = setUp({ 'PATCH /api/items/unlink': { status: 200, body: { ok: true } } });
    const companies = await findPanel('Companies');
    await user.click(companies.getByRole('button', { name: 'Expand Acme Roofing LLC' }));

    await user.click(await companies.findByRole('button', { name: 'Unlink' }));

    expect(await companies.findByText('None linked.')).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/items/unlink')[0]?.body).toEqual({
      parentId: RECORD_ID,
      parentType: 'contact',
      dataId: ACME._id,
      dataType: 'company',
    });
  });

  it('puts an unlinked record back, with the reason, when the server refuses', async () => {
    const { user } = setUp({
      'PATCH /api/items/unlink': { status: 409, body: { code: 'X', message: 'They are linked elsewhere.' } },
    });
    const companies = await findPanel('Companies');
    await user.click(companies.getByRole('button', { name: 'Expand Acme Roofing LLC' }));

    await user.click(await companies.findByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('They are linked elsewhere.')).toBeInTheDocument();
    expect(await companies.findByText('Acme Roofing LLC')).toBeInTheDocument();
  });
});
