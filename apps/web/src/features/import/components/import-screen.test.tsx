import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyImportResult, messages, rowLimitMessage } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { dragColumn, layOutMapper } from '../testing/mapper-drag';

const FILE_ID = '5b0f3c1e-8d2a-4c61-9f3e-2a7d9c4b1e60';
const HEADER = ['Owner Phone', 'EMAIL', 'City', 'Foo'];

function uploaded(overrides: Record<string, unknown> = {}) {
  return {
    fileId: FILE_ID,
    fileName: 'leads.csv',
    columns: HEADER,
    preview: [['(615) 555-0101', 'ann@example.com', 'Nashville', 'x']],
    rowCount: 120,
    maxRows: 10_000,
    customFields: { contact: [], property: [], company: [] },
    lastMapping: null,
    ...overrides,
  };
}

function listAnswer(name: string) {
  return {
    _id: '9a6d0c55-61f4-4b0b-8f1e-3f7c2d1a0b99',
    name,
    imported: false,
    state: 'importing',
    error: null,
    itemCount: 0,
    propCount: 0,
    compCount: 0,
    totalRows: 120,
    rowsDone: 0,
    progress: 0,
    createdAt: '2025-03-01T10:00:00.000Z',
    hits: 0,
    landlines: 0,
    dnc: 0,
    cost: 0,
    result: emptyImportResult(),
  };
}

function setUp(routes: Record<string, FakeRoute> = {}) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'POST /api/lists/upload': { status: 200, body: uploaded() },
    // The lists page, where a started import lands.
    'POST /api/lists/get': { status: 200, body: { lists: [], hasMore: false } },
    ...routes,
  });
  return renderApp('/import', { token: 'token-ann' });
}

async function pickFile(user: ReturnType<typeof setUp>['user'], name = 'leads.csv') {
  const input = await screen.findByLabelText('Spreadsheet file');
  await user.upload(input, new File(['Owner Phone,EMAIL,City,Foo\n'], name, { type: 'text/csv' }));
}

async function uploadFile(user: ReturnType<typeof setUp>['user']) {
  await pickFile(user);
  await screen.findByRole('region', { name: 'Map columns' });
}

const field = (name: string) => screen.getByRole('button', { name });
const column = (name: string) => screen.getByRole('button', { name });
const namesIn = (target: string) =>
  [...field(target).querySelectorAll('p')].slice(1).map((p) => p.textContent);

describe('import screen', () => {
  it('uploads the picked file with the session token and shows its name, row count and first rows', async () => {
    const { user } = setUp();
    await uploadFile(user);

    const upload = requestsTo('POST', '/api/lists/upload');
    expect(upload).toHaveLength(1);
    expect(upload[0]?.token).toBe('token-ann');
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/api/lists/upload'));
    const form = sent?.[1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('leads.csv');

    const summary = screen.getByRole('region', { name: 'New list' });
    expect(within(summary).getByText('leads.csv')).toBeInTheDocument();
    expect(within(summary).getByText(/120 rows/)).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('columnheader', { name: /Owner Phone/ })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'Nashville' })).toBeInTheDocument();
  });

  it('maps phone and e-mail columns by their names, other columns by field name, and leaves the rest unmapped', async () => {
    const { user } = setUp();
    await uploadFile(user);

    expect(namesIn('Contact: Phone')).toEqual(['Owner Phone']);
    expect(namesIn('Contact: Email')).toEqual(['EMAIL']);
    expect(namesIn('Property: City')).toEqual(['City']);
    expect(namesIn('Contact: City')).toEqual([]);
    const fooRow = column('Foo').closest('li') as HTMLElement;
    expect(within(fooRow).getByText('Not mapped')).toBeInTheDocument();
  });

  it('maps a clicked column to the field clicked next', async () => {
    const { user } = setUp();
    await uploadFile(user);

    await user.click(column('Foo'));
    expect(column('Foo')).toHaveAttribute('aria-pressed', 'true');
    await user.click(field('Property: Owner'));

    expect(namesIn('Property: Owner')).toEqual(['Foo']);
    const fooRow = column('Foo').closest('li') as HTMLElement;
    expect(within(fooRow).getByText('Property: Owner')).toBeInTheDocument();
    expect(column('Foo')).toHaveAttribute('aria-pressed', 'false');
  });

  it('lets several columns fill Phone but gives any other field to the newest column only', async () => {
    const { user } = setUp();
    await uploadFile(user);

    await user.click(column('Foo'));
    await user.click(field('Contact: Phone'));
    expect(namesIn('Contact: Phone')).toEqual(['Owner Phone', 'Foo']);

    await user.click(column('Foo'));
    await user.click(field('Property: City'));
    expect(namesIn('Property: City')).toEqual(['Foo']);
    expect(namesIn('Contact: Phone')).toEqual(['Owner Phone']);
    expect(within(column('City').closest('li') as HTMLElement).getByText('Not mapped')).toBeInTheDocument();
  });

  it('maps a column dragged onto a field', async () => {
    const { user } = setUp();
    await uploadFile(user);
    layOutMapper();

    dragColumn(column('Foo'), field('Company: Name'));

    await waitFor(() => expect(namesIn('Company: Name')).toEqual(['Foo']));
  });

  it('clears a mapping with its × button', async () => {
    const { user } = setUp();
    await uploadFile(user);

    await user.click(screen.getByRole('button', { name: 'Clear the mapping of EMAIL' }));

    expect(namesIn('Contact: Email')).toEqual([]);
    expect(within(column('EMAIL').closest('li') as HTMLElement).getByText('Not mapped')).toBeInTheDocument();
  });

  it('checks the name, then the country code, then the mapping, showing each message inline and as a toast', async () => {
    const { user } = setUp({
      'POST /api/lists/upload': { status: 200, body: uploaded({ columns: ['Foo', 'Bar'] }) },
    });
    await uploadFile(user);
    const start = screen.getByRole('button', { name: 'Start importing' });
    const countryCode = screen.getByLabelText('Country code');
    expect(countryCode).toHaveValue('+1');
    await user.clear(countryCode);
    await user.type(countryCode, '1');

    await user.click(start);
    expect(screen.getAllByText(messages.lists.nameRequired)).toHaveLength(2);
    expect(screen.getByLabelText(/List name/)).toHaveAccessibleDescription(messages.lists.nameRequired);
    expect(screen.queryByText(messages.lists.countryCode)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/List name/), 'March owners');
    await user.click(start);
    expect(screen.getAllByText(messages.lists.countryCode)).toHaveLength(2);
    expect(screen.queryByText(messages.lists.nothingMapped)).not.toBeInTheDocument();

    await user.clear(countryCode);
    await user.type(countryCode, '+44');
    await user.click(start);
    expect(screen.getAllByText(messages.lists.nothingMapped)).toHaveLength(2);
    expect(requestsTo('POST', '/api/lists/import')).toHaveLength(0);
  });

  it('offers to import the first rows of a file over the limit, and sends that choice', async () => {
    const { user, location } = setUp({
      'POST /api/lists/upload': { status: 200, body: uploaded({ rowCount: 10_001, maxRows: 10_000 }) },
      'POST /api/lists/import': { status: 200, body: { list: listAnswer('Big file') } },
    });
    await uploadFile(user);

    const panel = screen.getByRole('region', { name: 'New list' });
    expect(within(panel).getByText(/More than 10,000 rows/)).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(`${rowLimitMessage(10_000)}.`);
    expect(screen.queryByRole('button', { name: 'Start importing' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).getByText(/of more than 10,000 rows/),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText(/List name/), 'Big file');
    await user.click(screen.getByRole('button', { name: 'Import the first 10,000 rows' }));

    await waitFor(() => expect(location.current).toBe('/lists'));
    expect(requestsTo('POST', '/api/lists/import')[0]?.body).toMatchObject({
      name: 'Big file',
      firstRows: 10_000,
    });
  });

  it('maps the names real exports use: zip, state, beds, baths, mobile, mailing city and country', async () => {
    const { user } = setUp({
      'POST /api/lists/upload': {
        status: 200,
        body: uploaded({
          columns: [
            'ZIP OR POSTAL CODE',
            'STATE OR PROVINCE',
            'BEDS',
            'BATHS',
            'Mobile',
            'Mailing City',
            'Country',
          ],
          preview: [['37072', 'TN', '3', '2', '615 862 5000', 'Nashville', 'US']],
        }),
      },
    });
    await uploadFile(user);

    expect(namesIn('Property: Zip')).toEqual(['ZIP OR POSTAL CODE']);
    expect(namesIn('Property: State')).toEqual(['STATE OR PROVINCE']);
    expect(namesIn('Property: Bedrooms')).toEqual(['BEDS']);
    expect(namesIn('Property: Bathrooms')).toEqual(['BATHS']);
    expect(namesIn('Contact: Phone')).toEqual(['Mobile']);
    expect(namesIn('Contact: City')).toEqual(['Mailing City']);
    expect(namesIn('Contact: Country')).toEqual(['Country']);
    expect(screen.getByText('7 of 7 mapped')).toBeInTheDocument();
    expect(screen.queryByText(/last import of this file layout/)).not.toBeInTheDocument();
  });

  it("applies the team's last mapping of this layout, says so, and can go back to the automatic one", async () => {
    const { user } = setUp({
      'POST /api/lists/upload': {
        status: 200,
        body: uploaded({
          lastMapping: [
            { name: 'Owner Phone', type: 'contact', matchesTo: 'Phone' },
            { name: 'City', type: 'contact', matchesTo: 'City' },
            { name: 'Foo', type: 'property', matchesTo: 'Owner' },
          ],
        }),
      },
      'POST /api/lists/import': { status: 200, body: { list: listAnswer('Again') } },
    });
    await uploadFile(user);

    expect(
      screen.getByText('Mapping from your last import of this file layout applied.'),
    ).toBeInTheDocument();
    expect(namesIn('Contact: City')).toEqual(['City']);
    expect(namesIn('Property: Owner')).toEqual(['Foo']);
    // EMAIL was left unmapped last time, so it stays unmapped now.
    expect(namesIn('Contact: Email')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Use automatic mapping' }));
    expect(screen.queryByText(/last import of this file layout/)).not.toBeInTheDocument();
    expect(namesIn('Contact: Email')).toEqual(['EMAIL']);
    expect(namesIn('Property: City')).toEqual(['City']);
    expect(namesIn('Property: Owner')).toEqual([]);
  });

  it('starts the import with the mapped fields and goes to the lists', async () => {
    const { user, location } = setUp({
      'POST /api/lists/import': { status: 200, body: { list: listAnswer('March owners') } },
    });
    await uploadFile(user);
    await user.click(column('Foo'));
    await user.click(field('Property: Owner'));
    await user.type(screen.getByLabelText(/List name/), '  March owners ');
    const countryCode = screen.getByLabelText('Country code');
    await user.clear(countryCode);
    await user.type(countryCode, '+44');

    await user.click(screen.getByRole('button', { name: 'Start importing' }));

    await waitFor(() => expect(location.current).toBe('/lists'));
    expect(requestsTo('POST', '/api/lists/import')[0]?.body).toEqual({
      name: 'March owners',
      countryCode: '+44',
      fileId: FILE_ID,
      fields: [
        { name: 'Owner Phone', type: 'contact', matchesTo: 'Phone' },
        { name: 'EMAIL', type: 'contact', matchesTo: 'Email' },
        { name: 'City', type: 'property', matchesTo: 'City' },
        { name: 'Foo', type: 'property', matchesTo: 'Owner' },
      ],
    });
  });

  it("offers the team's custom fields under their entity, maps one by name, and sends its id", async () => {
    const { user, location } = setUp({
      'POST /api/lists/upload': {
        status: 200,
        body: uploaded({
          columns: ['Owner Phone', 'LEAD SOURCE', 'Roof'],
          preview: [['(615) 555-0101', 'Zillow', 'Metal']],
          customFields: {
            contact: [{ _id: 'f-lead-source', name: 'Lead source' }],
            property: [{ _id: 'f-roof', name: 'Roof type' }],
            company: [],
          },
        }),
      },
      'POST /api/lists/import': { status: 200, body: { list: listAnswer('Roofs') } },
    });
    await uploadFile(user);

    const contact = screen.getByRole('region', { name: 'Contact' });
    const contactCustom = within(contact).getByRole('region', { name: 'Contact custom fields' });
    expect(within(contactCustom).getByRole('button', { name: 'Contact: Lead source' })).toBeInTheDocument();
    const propertyCustom = screen.getByRole('region', { name: 'Property custom fields' });
    expect(within(propertyCustom).getByRole('button', { name: 'Property: Roof type' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Company custom fields' })).not.toBeInTheDocument();
    expect(namesIn('Contact: Lead source')).toEqual(['LEAD SOURCE']);
    expect(namesIn('Property: Roof type')).toEqual([]);

    await user.click(column('Roof'));
    await user.click(field('Property: Roof type'));
    await user.type(screen.getByLabelText(/List name/), 'Roofs');
    await user.click(screen.getByRole('button', { name: 'Start importing' }));

    await waitFor(() => expect(location.current).toBe('/lists'));
    expect(requestsTo('POST', '/api/lists/import')[0]?.body).toMatchObject({
      fields: [
        { name: 'Owner Phone', type: 'contact', matchesTo: 'Phone' },
        { name: 'LEAD SOURCE', type: 'contact', matchesTo: 'f-lead-source' },
        { name: 'Roof', type: 'property', matchesTo: 'f-roof' },
      ],
    });
  });

  it(
    'makes a field for an unmapped column of a Redfin export in place, a Number for prices, and imports into it',
    { timeout: 60_000 },
    async () => {
      const system = {
        _id: 'sys:property',
        name: 'Property',
        hidden: false,
        users: [],
        system: true,
        fields: [],
      };
      const { user, location } = setUp({
        'POST /api/lists/upload': {
          status: 200,
          body: uploaded({
            columns: ['ADDRESS', 'PRICE', 'LATITUDE'],
            preview: [['1808 Fox Chase Dr', '$450,000', '36.3121']],
          }),
        },
        'GET /api/settings/customFields': { status: 200, body: { type: 'property', sections: [system] } },
        'PATCH /api/settings/updateCustomFields': ({ body }) => ({ status: 200, body }),
        'POST /api/lists/import': { status: 200, body: { list: listAnswer('Redfin') } },
      });
      await uploadFile(user);

      await user.click(screen.getByRole('button', { name: 'New field for PRICE' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Property field' }));

      const saved = await waitFor(() => {
        const [patch] = requestsTo('PATCH', '/api/settings/updateCustomFields');
        expect(patch).toBeDefined();
        return patch!.body as {
          type: string;
          sections: { name: string; fields: { _id: string; name: string; type: string }[] }[];
        };
      });
      expect(saved.type).toBe('property');
      const imported = saved.sections[1]!;
      expect(imported.name).toBe('Imported');
      expect(imported.fields).toMatchObject([{ name: 'Price', type: 'Number' }]);
      // The column is mapped to the new field at once, and the field is offered with the others.
      expect(await screen.findByRole('button', { name: 'Property: Price' })).toBeInTheDocument();
      expect(namesIn('Property: Price')).toEqual(['PRICE']);

      await user.type(screen.getByLabelText(/List name/), 'Redfin');
      await user.click(screen.getByRole('button', { name: 'Start importing' }));
      await waitFor(() => expect(location.current).toBe('/lists'));
      expect(requestsTo('POST', '/api/lists/import')[0]?.body).toMatchObject({
        fields: expect.arrayContaining([
          { name: 'PRICE', type: 'property', matchesTo: imported.fields[0]!._id },
        ]),
      });
    },
  );

  it("shows the server's message under the drop zone and as a toast when the upload is refused", async () => {
    const { user } = setUp({
      'POST /api/lists/upload': {
        status: 400,
        body: { code: 'FILE_ENCODING', message: messages.lists.fileEncoding },
      },
    });
    await pickFile(user);

    await waitFor(() => expect(screen.getAllByText(messages.lists.fileEncoding)).toHaveLength(2));
    expect(screen.getByTestId('drop-zone-error')).toHaveTextContent(messages.lists.fileEncoding);
    expect(screen.getByLabelText('Spreadsheet file')).toBeEnabled();
  });

  it("says 'Something went wrong!' when a refused upload carries no message", async () => {
    const { user } = setUp({ 'POST /api/lists/upload': { status: 500 } });
    await pickFile(user);

    await waitFor(() => expect(screen.getAllByText(messages.shell.genericError)).toHaveLength(2));
  });

  it('refuses a file that is not CSV or XLSX without sending it', async () => {
    setUp();
    const input = await screen.findByLabelText('Spreadsheet file');

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'leads.pdf', { type: 'application/pdf' })] },
    });

    expect(await screen.findByTestId('drop-zone-error')).toHaveTextContent(messages.lists.fileType);
    expect(requestsTo('POST', '/api/lists/upload')).toHaveLength(0);
  });

  it('goes back to the drop zone on Cancel', async () => {
    const { user } = setUp();
    await uploadFile(user);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByLabelText('Spreadsheet file')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map columns' })).not.toBeInTheDocument();
  });
});
