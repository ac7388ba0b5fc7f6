import { z } from 'zod';
import { itemType } from '../records/dto.js';
import { text } from '../text.js';

/** Why rows were dropped, with counts: keys are the reasons' texts. */
export const importResult = z.object({
  rowsRead: z.number().int(),
  contactsNew: z.number().int(),
  contactsMerged: z.number().int(),
  propertiesNew: z.number().int(),
  propertiesMerged: z.number().int(),
  companiesNew: z.number().int(),
  companiesMerged: z.number().int(),
  invalidPhones: z.number().int(),
  invalidEmails: z.number().int(),
  dncPhones: z.number().int(),
  /**
   * Rows whose Country cell named no country: their phones were read with the import's country code.
   * Absent from lists imported before the Country column existed.
   */
  unknownCountries: z.number().int().optional(),
  /**
   * Cells of Number fields that held no number, by the file's column ('Price': 3): left empty, their
   * rows imported (issue 30). Absent when there were none.
   */
  notNumbers: z.record(text(), z.number().int()).optional(),
  /** Set when only the file's first rows were imported (the file had more): how many. */
  firstRowsOnly: z.number().int().nullable().optional(),
  dropped: z.record(text(), z.number().int()),
});
export type ImportResult = z.infer<typeof importResult>;

/** A list card (part 2 §3 List) plus the import's state and result. */
export const listDto = z.object({
  _id: text(),
  name: text(),
  /** true once the import finished (campaigns and skip tracing may start). */
  imported: z.boolean(),
  state: z.enum(['importing', 'imported', 'failed']),
  error: text().nullable(),
  /**
   * Contacts, properties and companies in the list; a member with 'Only assigned' data access counts
   * only the records assigned to them.
   */
  itemCount: z.number().int(),
  propCount: z.number().int(),
  compCount: z.number().int(),
  /** Rows of the file, and rows processed so far; progress in percent. */
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  progress: z.number().int(),
  createdAt: text(),
  /** Skip-trace results (hits, landline and DNC phones found, cost): 0 until the list is skip traced. */
  hits: z.number().int(),
  landlines: z.number().int(),
  dnc: z.number().int(),
  cost: z.number(),
  result: importResult,
});
export type ListDto = z.infer<typeof listDto>;

/** One spreadsheet column mapped to a field: `name` is the column's header. */
export const fieldMapping = z.object({
  name: text().min(1).max(500),
  type: itemType,
  /** A system field name ('Street1', 'First name', 'Phone', 'Email', 'Full name', …) or a custom field id. */
  matchesTo: text().min(1).max(200),
});
export type FieldMapping = z.infer<typeof fieldMapping>;

/**
 * The team's custom fields per entity (Settings > Data Fields): import targets besides the system
 * fields. A column mapped to one sends the field's `_id` as `matchesTo`.
 */
export const customFieldsByEntity = z.object({
  contact: z.array(z.object({ _id: text(), name: text() })),
  property: z.array(z.object({ _id: text(), name: text() })),
  company: z.array(z.object({ _id: text(), name: text() })),
});
export type CustomFieldsByEntity = z.infer<typeof customFieldsByEntity>;

export const listProperty = z.object({
  _id: text(),
  title: text(),
  Street1: text(),
  Street2: text(),
  City: text(),
  State: text(),
  Zip: text(),
  'Use Description': text(),
  'Lot Size': text(),
  'Year Built': text(),
  Bedrooms: text(),
  Bathrooms: text(),
  'Full Baths': text(),
  'Garage Capacity': text(),
  Pool: text(),
  Owner: text(),
  /** A linked contact's name matches the Owner field. */
  verifiedOwner: z.boolean(),
  /** Phones (E.164) of the property's contacts. */
  phones: z.array(text()),
});
export type ListProperty = z.infer<typeof listProperty>;

/** A contact or company of a list (issue 30: a list without properties shows its records). */
export const listRecord = z.object({
  _id: text(),
  type: z.enum(['contact', 'company']),
  title: text(),
  /** Its phones and e-mails, primary first. */
  identifiers: z.array(text()),
  /** A contact's lead status; null for none and for companies. */
  status: text().nullable(),
});
export type ListRecord = z.infer<typeof listRecord>;

export const chartPoint = z.object({ text: text(), count: z.number().int() });
