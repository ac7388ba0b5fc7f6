import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../config/theme';
import { ImportSummary } from './import-summary';

const RESULT = {
  rowsRead: 10_000,
  contactsNew: 9_000,
  contactsMerged: 2,
  propertiesNew: 5_000,
  propertiesMerged: 0,
  companiesNew: 339,
  companiesMerged: 0,
  invalidPhones: 0,
  invalidEmails: 0,
  dncPhones: 0,
  dropped: { 'No phone or e-mail': 12 },
};

describe('an import’s result', () => {
  it('says which figures are rows of the file and which are records, and what kinds of records', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ImportSummary result={RESULT} />
      </MantineProvider>,
    );
    const rows = screen.getByRole('group', { name: 'Rows of the file' });
    expect(rows).toHaveTextContent('10,000Rows read');
    expect(rows).toHaveTextContent('12Rows dropped');
    const records = screen.getByRole('group', { name: 'Records made' });
    expect(records).toHaveTextContent('14,339New records');
    expect(records).toHaveTextContent('2Merged records');
    expect(
      screen.getByText(
        /New: 9,000 contacts · 5,000 properties · 339 companies\. Merged into existing records: 2 contacts\. A row can make a contact, a property and a company\./,
      ),
    ).toBeInTheDocument();
    expect(within(rows).queryByText('New records')).not.toBeInTheDocument();
  });
});
