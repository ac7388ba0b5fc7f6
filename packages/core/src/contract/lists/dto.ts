import { z } from 'zod';
import { itemType } from '../records/dto.js';

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
  dropped: z.record(z.string(), z.number().int()),
});
export type ImportResult = z.infer<typeof importResult>;

/** A list card (part 2 §3 List) plus the import's state and result. */
export const listDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** true once the import finished (campaigns and skip tracing may start). */
  imported: z.boolean(),
  state: z.enum(['importing', 'imported', 'failed']),
  error: z.string().nullable(),
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
  createdAt: z.string(),
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
  name: z.string().min(1).max(500),
  type: itemType,
  /** A system field name ('Street1', 'First name', 'Phone', 'Email', 'Full name', …) or a custom field id. */
  matchesTo: z.string().min(1).max(200),
});
export type FieldMapping = z.infer<typeof fieldMapping>;

/**
 * The team's custom fields per entity (Settings > Data Fields): import targets besides the system
 * fields. A column mapped to one sends the field's `_id` as `matchesTo`.
 */
export const customFieldsByEntity = z.object({
  contact: z.array(z.object({ _id: z.string(), name: z.string() })),
  property: z.array(z.object({ _id: z.string(), name: z.string() })),
  company: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type CustomFieldsByEntity = z.infer<typeof customFieldsByEntity>;

export const listProperty = z.object({
  _id: z.string(),
  title: z.string(),
  Street1: z.string(),
  Street2: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  'Use Description': z.string(),
  'Lot Size': z.string(),
  'Year Built': z.string(),
  Bedrooms: z.string(),
  Bathrooms: z.string(),
  'Full Baths': z.string(),
  'Garage Capacity': z.string(),
  Pool: z.string(),
  Owner: z.string(),
  /** A linked contact's name matches the Owner field. */
  verifiedOwner: z.boolean(),
  /** Phones (E.164) of the property's contacts. */
  phones: z.array(z.string()),
});
export type ListProperty = z.infer<typeof listProperty>;

export const chartPoint = z.object({ text: z.string(), count: z.number().int() });
