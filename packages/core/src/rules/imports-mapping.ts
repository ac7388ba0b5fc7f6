import type { FieldMapping } from '../contract/lists/dto.js';
import type { RecordType } from './records.js';
import type { ImportTarget } from './lists.js';

/**
 * A header as words: 'OwnerName' → owner name, 'ZIP OR POSTAL CODE' → zip postal code, 'phone1' →
 * phone 1, 'E-mail' → email, 'sqft_lot' → sqft lot. Joining words ('or', 'of', 'and', 'the') go.
 */
function headerWords(column: string): string[] {
  return column
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/e-mail/g, 'email')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !['or', 'of', 'and', 'the'].includes(word));
}

/** Words that say which record a location column belongs to: 'Mailing City' is the owner's city. */
const SCOPES: Record<string, RecordType> = {
  mailing: 'contact',
  mail: 'contact',
  owner: 'contact',
  owners: 'contact',
  contact: 'contact',
  property: 'property',
  prop: 'property',
  site: 'property',
  situs: 'property',
  company: 'company',
  business: 'company',
};

type Fields = Partial<Record<RecordType, string>>;
const everywhere = (field: string): Fields => ({ property: field, contact: field, company: field });

/** Synonyms of the fields, as header words; a location field goes to the record the header's scope names. */
const SYNONYMS: [phrases: string[], fields: Fields][] = [
  [['address', 'street', 'street address', 'addr', 'address line'], everywhere('Address')],
  [['address 1', 'address line 1', 'street 1'], { property: 'Street1' }],
  [['address 2', 'address line 2', 'street 2', 'unit', 'apt', 'suite'], { property: 'Street2' }],
  [['city', 'town', 'city town', 'municipality'], everywhere('City')],
  [['state', 'st', 'province', 'state province', 'state code'], everywhere('State')],
  [
    [
      'zip',
      'zip code',
      'zipcode',
      'zip 5',
      'postal code',
      'postcode',
      'post code',
      'postal',
      'zip postal code',
    ],
    everywhere('Zip'),
  ],
  [['country', 'country name', 'country code', 'nation'], { contact: 'Country' }],
  [['first name', 'first', 'firstname', 'fname', 'given name', 'forename'], { contact: 'First name' }],
  [['last name', 'last', 'lastname', 'lname', 'surname', 'family name'], { contact: 'Last name' }],
  [['full name', 'fullname', 'name'], { contact: 'Full name', company: 'Name' }],
  [
    ['company', 'company name', 'business', 'business name', 'organization', 'organisation', 'store name'],
    { company: 'Name' },
  ],
  [['website', 'web site', 'web', 'homepage', 'www'], { company: 'Website' }],
  [
    ['property type', 'land use', 'use', 'use description', 'property use', 'use code', 'home type'],
    {
      property: 'Use Description',
    },
  ],
  [['beds', 'bed', 'bedrooms', 'bedroom', 'br', 'bd', 'bdrms', 'total bedrooms'], { property: 'Bedrooms' }],
  [
    ['baths', 'bath', 'bathrooms', 'bathroom', 'ba', 'total baths', 'total bathrooms'],
    { property: 'Bathrooms' },
  ],
  [['full baths', 'full bath', 'full bathrooms'], { property: 'Full Baths' }],
  [
    ['garage', 'garage spaces', 'garage capacity', 'garage cars', 'parking spaces'],
    { property: 'Garage Capacity' },
  ],
  [
    ['lot size', 'lot sqft', 'sqft lot', 'lot sq ft', 'lot square feet', 'lot area', 'lot size sqft'],
    { property: 'Lot Size' },
  ],
  [['year built', 'yr built', 'built', 'year constructed'], { property: 'Year Built' }],
  [['pool', 'has pool', 'swimming pool'], { property: 'Pool' }],
  [['vacant', 'is vacant', 'vacancy'], { property: 'Vacant' }],
  [['tax delinquent', 'tax delinquency', 'delinquent taxes'], { property: 'Tax Delinquent' }],
  // The property's owner, when the header names the owner and nothing else about them.
  [['owner', 'owners', 'owner name', 'owners name', 'owner names', 'owner full name'], { property: 'Owner' }],
];
const SYNONYM_TABLE = new Map(
  SYNONYMS.flatMap(([phrases, fields]) => phrases.map((p) => [p, fields] as const)),
);

/** A header that holds phones: 'Phone', 'Owner Phone 1', 'Mobile', 'Cell', 'Tel', 'HomePhone'. */
const PHONE_WORDS = new Set(['mobile', 'cell', 'tel', 'landline', 'wireless']);
/** Words that make a phone or e-mail header one about the phone ('Phone 1 Type', 'Email Status'). */
const ABOUT_WORDS = new Set([
  'type',
  'dnc',
  'status',
  'carrier',
  'count',
  'score',
  'ext',
  'extension',
  'verified',
  'country',
]);

function identifierOf(words: string[]): 'Phone' | 'Email' | null {
  if (words.some((w) => ABOUT_WORDS.has(w))) return null;
  if (words.some((w) => w.includes('email'))) return 'Email';
  if (words.some((w) => w.includes('phone') || PHONE_WORDS.has(w))) return 'Phone';
  return null;
}

const ORDER: RecordType[] = ['property', 'contact', 'company'];

function find(targets: readonly ImportTarget[], type: RecordType, matchesTo: string) {
  return targets.find((t) => t.type === type && t.matchesTo === matchesTo) ?? null;
}

/**
 * The target of one header, or null: the spec's rule ('phone' or 'email' in the name; else a field of
 * the same name, a property field first, then a contact field, then a company field) widened to the
 * names real exports use: 'ZIP OR POSTAL CODE', 'STATE OR PROVINCE', 'BEDS', 'Mobile', 'Mailing City'
 * (the owner's, so the contact's), 'Owner First Name', 'OwnerName' (the property's Owner).
 */
export function autoMapColumn(column: string, targets: readonly ImportTarget[]): ImportTarget | null {
  const words = headerWords(column);
  const phrase = words.join(' ');
  for (const type of ORDER) {
    const hit = targets.find((t) => t.type === type && headerWords(t.label).join(' ') === phrase);
    if (hit && phrase) return hit;
  }
  const identifier = identifierOf(words);
  if (identifier) return find(targets, 'contact', identifier);

  const scope = words.map((w) => SCOPES[w]).find(Boolean);
  const numberless = (list: string[]) => list.filter((w) => !/^\d+$/.test(w)).join(' ');
  const rest = words.filter((w) => !SCOPES[w]);
  // The whole header first ('property type', 'owner 1 name'), then without its scope words: 'Mailing
  // City' is a City that goes where its scope says.
  const candidates: [string, RecordType[]][] = [
    [phrase, ORDER],
    [numberless(words), ORDER],
    [rest.join(' '), scope ? [scope] : ORDER],
    [numberless(rest), scope ? [scope] : ORDER],
  ];
  for (const [candidate, types] of candidates) {
    const fields = SYNONYM_TABLE.get(candidate);
    if (!fields) continue;
    const type = types.find((t) => fields[t]);
    return type ? find(targets, type, fields[type]!) : null;
  }
  return null;
}

/** A contact may have many phones and e-mails, so several columns may fill them. */
export function takesManyColumns(target: ImportTarget): boolean {
  return target.type === 'contact' && (target.matchesTo === 'Phone' || target.matchesTo === 'Email');
}

const keyOf = (t: { type: RecordType; matchesTo: string }) => `${t.type}:${t.matchesTo}`;

/**
 * The automatic mapping of a file, column by column. When two columns match the same single-column
 * target ('Address' and 'Street Address'), the first keeps it and the second stays unmapped.
 */
export function autoMapColumns(
  columns: readonly string[],
  targets: readonly ImportTarget[],
): (ImportTarget | null)[] {
  const taken = new Set<string>();
  return columns.map((column) => {
    const target = autoMapColumn(column, targets);
    if (!target || takesManyColumns(target)) return target;
    if (taken.has(keyOf(target))) return null;
    taken.add(keyOf(target));
    return target;
  });
}

/** A header as the team's remembered mappings know it: trimmed, spaces collapsed, lower case. */
export function normalizeHeader(column: string): string {
  return column.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What makes two files the same layout: the same headers, in any order and case. */
export function headerSetKey(columns: readonly string[]): string {
  return columns.map(normalizeHeader).sort().join('\n');
}

/** A mapping as it is remembered: each column by its normalised header. */
export function toSavedMapping(fields: readonly FieldMapping[]): FieldMapping[] {
  return fields.map((f) => ({ ...f, name: normalizeHeader(f.name) }));
}

/**
 * A remembered mapping applied to a file of the same layout: each entry named by this file's column,
 * entries whose target no longer exists (a custom field deleted since) left out; null when none is left.
 */
export function applySavedMapping(
  columns: readonly string[],
  saved: readonly FieldMapping[],
  targets: readonly ImportTarget[],
): FieldMapping[] | null {
  const used = new Set<number>();
  const fields: FieldMapping[] = [];
  for (const entry of saved) {
    const index = columns.findIndex((c, i) => !used.has(i) && normalizeHeader(c) === entry.name);
    if (index < 0 || !find(targets, entry.type, entry.matchesTo)) continue;
    used.add(index);
    fields.push({ name: columns[index]!, type: entry.type, matchesTo: entry.matchesTo });
  }
  return fields.length ? fields : null;
}
