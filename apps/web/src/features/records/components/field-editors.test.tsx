import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type SectionFieldDto } from '@prospector/core';
import { requestsTo } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The editors of a record's custom fields, by type (spec part 1 §5), in the record opened over a page.

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

const SECTIONS = [
  { _id: 's1', name: 'Deal', hidden: false, users: [], system: false, fields: [EMAIL, SITE, PLACE, SOURCE] },
];
const setUp = (custom: Record<string, string> = {}) => renderRecordOverPage({ custom, sections: SECTIONS });
const openRecord = findRecord;

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
        itemId: RECORD_ID,
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
        itemId: RECORD_ID,
        data: 'Referral',
        type: 'contact',
      }),
    );
  });
});
