import {
  COUNTRY_TARGET,
  companyKeys,
  importValue,
  normalizeEmailIdentifier,
  normalizeImportPhone,
  parseImportNumber,
  propertyKey,
  rowPhoneRegion,
  splitFullName,
  withHttps,
  type FieldValue,
  type ImportResult,
  type ItemType,
  serverMessages,
} from '@prospector/core';

/**
 * One mapped column: where its cells go. `custom` targets are custom field ids; `number` when that
 * field is of type Number; `column` the file's header, which the import's result names.
 */
export type ColumnPlan = {
  index: number;
  type: ItemType;
  target: string;
  custom: boolean;
  number?: boolean;
  column?: string;
};

export type Values = Record<string, FieldValue>;
export type PreparedRow = {
  contact: { data: Values; custom: Values; phones: string[]; emails: string[] } | null;
  property: { key: string; data: Values; custom: Values } | null;
  company: { keys: string[]; data: Values; custom: Values } | null;
};

const NUMERIC_FIELDS = new Set([
  'Lot Size',
  'Year Built',
  'Bedrooms',
  'Bathrooms',
  'Full Baths',
  'Garage Capacity',
]);

/** A cell as the import reads it into a system field: title-cased text, a number, a website with https. */
export function importFieldValue(target: string, raw: string): FieldValue {
  const value = importValue(target, raw);
  if (target === 'Website') return withHttps(value);
  if (NUMERIC_FIELDS.has(target)) {
    const n = Number(value.replace(/[,$\s]/g, ''));
    if (value && Number.isFinite(n)) return n;
  }
  return value;
}

const put = (into: Values, key: string, value: FieldValue) => {
  if (value === '' || value === null) return;
  if (into[key] === undefined || into[key] === '') into[key] = value;
};

const isCountry = (col: ColumnPlan) => col.type === 'contact' && col.target === COUNTRY_TARGET;

/**
 * One spreadsheet row → what it says about a contact, a property and a company, normalised (phones in
 * E.164, read in the country of the row's Country cell, else with the import's country code; e-mails
 * lower-cased, values title-cased). Returns the reason when the row yields nothing: no valid phone or
 * e-mail, no property address and no company name.
 */
export function prepareRow(
  cells: readonly string[],
  plan: readonly ColumnPlan[],
  countryCode: string,
  result: ImportResult,
): PreparedRow | { dropped: string } {
  const contact = {
    data: {} as Values,
    custom: {} as Values,
    phones: [] as string[],
    emails: [] as string[],
  };
  const property = { data: {} as Values, custom: {} as Values };
  const company = { data: {} as Values, custom: {} as Values };
  const parts = { contact, property, company };
  let anyValue = false;
  const countryColumn = plan.find(isCountry);
  const { region, unrecognised } = rowPhoneRegion(
    countryColumn ? cells[countryColumn.index] : undefined,
    countryCode,
  );
  if (unrecognised) result.unknownCountries = (result.unknownCountries ?? 0) + 1;

  for (const col of plan) {
    const raw = (cells[col.index] ?? '').trim();
    if (!raw) continue;
    anyValue = true;
    // The Country column decided where the row's phones are read; it fills no field.
    if (isCountry(col)) continue;
    if (col.type === 'contact' && col.target === 'Phone') {
      for (const piece of raw.split(/[;,/\n|]+/)) {
        if (!piece.trim()) continue;
        const phone = normalizeImportPhone(piece, region);
        if (phone) {
          if (!contact.phones.includes(phone)) contact.phones.push(phone);
        } else result.invalidPhones += 1;
      }
      continue;
    }
    if (col.type === 'contact' && col.target === 'Email') {
      for (const piece of raw.split(/[;,\s]+/)) {
        if (!piece) continue;
        const email = normalizeEmailIdentifier(piece);
        if (email) {
          if (!contact.emails.includes(email)) contact.emails.push(email);
        } else result.invalidEmails += 1;
      }
      continue;
    }
    if (col.type === 'contact' && col.target === 'Full name') {
      const { first, last } = splitFullName(raw);
      put(contact.data, 'First name', importValue('First name', first));
      put(contact.data, 'Last name', importValue('Last name', last));
      continue;
    }
    const part = parts[col.type];
    if (col.custom && col.number) {
      // A Number field holds numbers: a cell that is none is left empty and counted, the row kept.
      const n = parseImportNumber(raw);
      if (n !== null) put(part.custom, col.target, n);
      else {
        const notNumbers = (result.notNumbers ??= {});
        const where = col.column ?? col.target;
        notNumbers[where] = (notNumbers[where] ?? 0) + 1;
      }
      continue;
    }
    if (col.custom) put(part.custom, col.target, importValue('', raw));
    else put(part.data, col.target, importFieldValue(col.target, raw));
  }

  if (!anyValue) return { dropped: serverMessages.lists.droppedEmpty };

  const street = String(property.data['Street1'] ?? property.data['Address'] ?? '');
  const propKey = propertyKey({
    street,
    city: String(property.data['City'] ?? ''),
    state: String(property.data['State'] ?? ''),
    zip: String(property.data['Zip'] ?? ''),
  });
  const compKeys = companyKeys({
    name: String(company.data['Name'] ?? ''),
    website: String(company.data['Website'] ?? ''),
  });
  const hasContact = contact.phones.length + contact.emails.length > 0;
  if (!hasContact && !propKey && compKeys.length === 0)
    return { dropped: serverMessages.lists.droppedNoIdentifier };

  return {
    contact: hasContact ? contact : null,
    property: propKey ? { key: propKey, data: property.data, custom: property.custom } : null,
    company: compKeys.length ? { keys: compKeys, data: company.data, custom: company.custom } : null,
  };
}

/** Existing values win; new ones fill what is empty. */
export function fillEmpty(existing: Values, incoming: Values): { merged: Values; changed: boolean } {
  const merged: Values = { ...existing };
  let changed = false;
  for (const [k, v] of Object.entries(incoming)) {
    if (merged[k] === undefined || merged[k] === null || merged[k] === '') {
      merged[k] = v;
      changed = true;
    }
  }
  return { merged, changed };
}
