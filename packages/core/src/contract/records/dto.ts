import { z } from 'zod';
import { FIELD_TYPES } from '../../rules/data-fields.js';
import { text } from '../text.js';

export const itemType = z.enum(['contact', 'property', 'company']);
export type ItemType = z.infer<typeof itemType>;

export const fieldValue = z.union([text(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValue>;

export const identifierDto = z.object({
  _id: text(),
  value: text(),
  primary: z.boolean(),
  status: z.enum(['', 'DNC', 'Wrong #']),
  isEmail: z.boolean(),
  sentFrom: text().nullable(),
  apple: z.boolean(),
});
export type IdentifierDto = z.infer<typeof identifierDto>;

/** What a linked-record panel, a search result or a mention needs to show an item. */
export const itemSummary = z.object({
  _id: text(),
  type: itemType,
  status: text().nullable(),
  /** Display name: contact's full name, company name, or property address. */
  title: text(),
  /** Second line: primary phone or e-mail, city/state, or website. */
  subtitle: text(),
});
export type ItemSummary = z.infer<typeof itemSummary>;

export const boardCard = itemSummary.extend({
  /** Unread notifications of the viewer about this item. */
  notifCount: z.number().int(),
  /** Due time of the first open task (ISO), if any. */
  due: text().nullable(),
  hasOpenTask: z.boolean(),
  /** It has a primary phone or e-mail, so it may have a status (moving it to a column needs one). */
  hasPrimary: z.boolean(),
  queued: z.boolean(),
  assignedTo: z.array(text()),
  lastMessage: z.object({ body: text(), createdAt: text() }).nullable(),
});
export type BoardCard = z.infer<typeof boardCard>;

export const statusDto = z.object({
  _id: text(),
  text: text(),
  hidden: z.boolean(),
  builtIn: z.boolean(),
});
export type StatusDto = z.infer<typeof statusDto>;

/** A field's display options (Settings > Data Fields). */
export const fieldConfig = z.object({
  multipick: z.boolean().optional(),
  inline: z.boolean().optional(),
  multiline: z.boolean().optional(),
  /** Location: show the address on Google Maps. */
  maps: z.boolean().optional(),
});

/** A data field as the server sends it; its types are the palette's, `FIELD_TYPES`. */
export const sectionField = z.object({
  _id: text(),
  name: text(),
  type: z.enum(FIELD_TYPES),
  options: z.array(text()),
  config: fieldConfig,
  system: z.boolean(),
});
export const sectionDto = z.object({
  _id: text(),
  name: text(),
  hidden: z.boolean(),
  users: z.array(text()),
  system: z.boolean(),
  fields: z.array(sectionField),
});
export type SectionDto = z.infer<typeof sectionDto>;
export type SectionFieldDto = z.infer<typeof sectionField>;

export const itemDto = z.object({
  _id: text(),
  type: itemType,
  status: text().nullable(),
  /** System fields under the spec's names ('First name', 'Last name', 'Name', 'Website', 'Address', …). */
  data: z.record(text(), fieldValue),
  /** Custom field values by field id. */
  custom: z.record(text(), z.union([fieldValue, z.array(text())])),
  idts: z.array(identifierDto),
  assignedTo: z.array(text()),
  pushedToCrm: z.boolean(),
  queued: z.boolean(),
  notifCount: z.number().int(),
  properties: z.array(itemSummary),
  contacts: z.array(itemSummary),
  companies: z.array(itemSummary),
  /** Where the record's own photo is served (with the session's token), null when it has none. */
  image: text().nullable(),
  /** Coordinates cached for the address they were looked up for (a property's map). */
  location: z.object({ lat: z.number(), lng: z.number(), address: text() }).nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type ItemDto = z.infer<typeof itemDto>;

export const memberRef = z.object({ _id: text(), name: text(), avatar: text().nullable() });

export const messageDto = z.object({
  _id: text(),
  itemId: text(),
  body: text(),
  direction: z.enum(['in', 'out']),
  phone: text().nullable(),
  sentFrom: text().nullable(),
  sender: memberRef.nullable(),
  comment: z.boolean(),
  isIM: z.boolean(),
  status: text().nullable(),
  system: z.boolean(),
  due: text().nullable(),
  file: text().nullable(),
  vmUrl: text().nullable(),
  createdAt: text(),
});
export type MessageDto = z.infer<typeof messageDto>;

export const taskDto = z.object({
  _id: text(),
  dataId: text(),
  text: text(),
  completed: z.boolean(),
  due: text().nullable(),
  assignedTo: z.array(text()),
});
export type TaskDto = z.infer<typeof taskDto>;

export const notificationDto = z.object({
  _id: text(),
  sender: memberRef.nullable(),
  body: text(),
  body2: text().nullable(),
  target: z.literal('item'),
  targetId: text().nullable(),
  seen: z.boolean(),
  read: z.boolean(),
  createdAt: text(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const memberDto = z.object({
  _id: text(),
  name: text(),
  email: text(),
  avatar: text().nullable(),
  role: z.enum(['admin', 'member']),
  /** May make calls (an admin, or the calls permission): a bulk "Queue for calls" may name them. */
  mayCall: z.boolean().optional(),
});
export type MemberDto = z.infer<typeof memberDto>;
