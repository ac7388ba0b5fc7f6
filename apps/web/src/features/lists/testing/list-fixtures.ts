import { emptyImportResult, type ListDto, type ListProperty } from '@prospector/core';

/** A list id as the server makes them (the contract's calls take uuids). */
export function listId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function buildList(overrides: Partial<ListDto> = {}): ListDto {
  return {
    _id: listId(1),
    name: 'Austin leads',
    imported: true,
    state: 'imported',
    error: null,
    itemCount: 120,
    propCount: 80,
    compCount: 4,
    totalRows: 130,
    rowsDone: 130,
    progress: 100,
    createdAt: '2026-01-05T10:00:00.000Z',
    hits: 0,
    landlines: 2,
    dnc: 1,
    cost: 0,
    result: {
      rowsRead: 130,
      contactsNew: 100,
      contactsMerged: 20,
      propertiesNew: 70,
      propertiesMerged: 10,
      companiesNew: 4,
      companiesMerged: 0,
      invalidPhones: 3,
      invalidEmails: 1,
      dncPhones: 1,
      dropped: { 'Empty row': 6, 'No valid phone, e-mail, address or company': 4 },
    },
    ...overrides,
  };
}

export function buildImportingList(overrides: Partial<ListDto> = {}): ListDto {
  return buildList({
    imported: false,
    state: 'importing',
    totalRows: 9000,
    rowsDone: 0,
    progress: 0,
    itemCount: 0,
    propCount: 0,
    compCount: 0,
    result: emptyImportResult(),
    ...overrides,
  });
}

export function buildProperty(overrides: Partial<ListProperty> = {}): ListProperty {
  return {
    _id: 'prop-1',
    title: '12 Oak St',
    Street1: '12 Oak St',
    Street2: '',
    City: 'Austin',
    State: 'TX',
    Zip: '78701',
    'Use Description': 'Single Family',
    'Lot Size': '0.25',
    'Year Built': '1998',
    Bedrooms: '3',
    Bathrooms: '2',
    'Full Baths': '2',
    'Garage Capacity': '2',
    Pool: 'No',
    Owner: 'Jane Doe',
    verifiedOwner: true,
    phones: ['+15125550101'],
    ...overrides,
  };
}
