import {
  csvLine,
  importProgress,
  itemTitle,
  listProperty,
  type FieldValue,
  type ListDto,
  type ListProperty,
  type ListRecord,
} from '@prospector/core';
import type * as q from './lists.queries.js';

export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function toListDto(row: q.ListRow): ListDto {
  return {
    _id: row.id,
    name: row.name,
    imported: row.state === 'imported',
    state: row.state,
    error: row.error,
    itemCount: row.itemCount,
    propCount: row.propCount,
    compCount: row.compCount,
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    progress: row.state === 'imported' ? 100 : importProgress(row.rowsDone, row.totalRows),
    createdAt: row.createdAt.toISOString(),
    hits: row.hits,
    landlines: row.landlines,
    dnc: row.dnc,
    cost: row.cost,
    result: row.result,
  };
}

export const EXPORT_HEADER = [
  'Name',
  'First name',
  'Last name',
  'Company',
  'Phone 1',
  'Phone 2',
  'Phone 3',
  'Email',
  'Status',
  'Address',
  'City',
  'State',
  'Zip',
];

/**
 * One contact's line. Its Name is the title it has everywhere (core's `itemTitle`): its full name,
 * else its company's, else its primary phone.
 */
export function exportLine(r: q.ExportRow, phones: string[]): string {
  const p = r.property ?? {};
  const address = str(r.data['Address']) || str(p['Street1']) || str(p['Address']);
  const pick = (k: string) => str(r.data[k]) || str(p[k]);
  const company = r.company ? itemTitle('company', r.company as Record<string, FieldValue>) : '';
  return csvLine([
    itemTitle('contact', r.data, { company, primary: r.primaryValue }),
    str(r.data['First name']),
    str(r.data['Last name']),
    company,
    phones[0],
    phones[1],
    phones[2],
    r.emails[0],
    r.status,
    address,
    pick('City'),
    pick('State'),
    pick('Zip'),
  ]);
}

/** A property's own fields as the list detail shows them: the DTO's, but for its id, title and links. */
const PROPERTY_FIELDS = Object.keys(listProperty.shape).filter(
  (k): k is Exclude<keyof ListProperty, '_id' | 'title' | 'verifiedOwner' | 'phones'> =>
    !['_id', 'title', 'verifiedOwner', 'phones'].includes(k),
);

/**
 * A property's line in a bulk export: its own fields under the spec's names (a property's detail),
 * then the usable phones it is reached by (its owners'), as the Export screen gives a contact's.
 */
export const PROPERTY_EXPORT_HEADER = [...PROPERTY_FIELDS, 'Verified owner', 'Phone 1', 'Phone 2', 'Phone 3'];

/** A company's line in a bulk export: its name and address fields, phones (its own first), e-mail. */
export const COMPANY_EXPORT_HEADER = [
  'Name',
  'Website',
  'Phone 1',
  'Phone 2',
  'Phone 3',
  'Email',
  'Address',
  'City',
  'State',
  'Zip',
];

export function recordExportLine(r: q.RecordExportRow): string {
  const d = r.data;
  if (r.type === 'company')
    return csvLine([
      itemTitle('company', d),
      str(d['Website']),
      r.phones[0],
      r.phones[1],
      r.phones[2],
      r.emails[0],
      str(d['Address']) || str(d['Street1']),
      str(d['City']),
      str(d['State']),
      str(d['Zip']),
    ]);
  const p = toListProperty({ id: r.id, data: d, phones: [], verified: r.verified });
  return csvLine([
    ...PROPERTY_FIELDS.map((f) => p[f]),
    r.verified ? 'Yes' : 'No',
    r.phones[0],
    r.phones[1],
    r.phones[2],
  ]);
}

/** A property row of the list detail, under the spec's field names. */
export function toListProperty(r: q.PropertyRow): ListProperty {
  const d = r.data;
  return {
    _id: r.id,
    title: str(d['Street1']) || str(d['Address']) || str(d['Full']) || 'Unnamed property',
    Street1: str(d['Street1']) || str(d['Address']),
    Street2: str(d['Street2']),
    City: str(d['City']),
    State: str(d['State']),
    Zip: str(d['Zip']),
    'Use Description': str(d['Use Description']),
    'Lot Size': str(d['Lot Size']),
    'Year Built': str(d['Year Built']),
    Bedrooms: str(d['Bedrooms']),
    Bathrooms: str(d['Bathrooms']),
    'Full Baths': str(d['Full Baths']),
    'Garage Capacity': str(d['Garage Capacity']),
    Pool: str(d['Pool']),
    Owner: str(d['Owner']),
    verifiedOwner: r.verified,
    phones: r.phones,
  };
}

/** A contact or company row of a list's detail, titled as everywhere else (`itemTitle`). */
export function toListRecord(r: q.ListRecordRow): ListRecord {
  const company = r.company ? itemTitle('company', r.company as Record<string, FieldValue>) : '';
  return {
    _id: r.id,
    type: r.type,
    title: itemTitle(r.type, r.data, { company, primary: r.identifiers[0] ?? null }),
    identifiers: r.identifiers,
    status: r.type === 'contact' ? r.status : null,
  };
}
