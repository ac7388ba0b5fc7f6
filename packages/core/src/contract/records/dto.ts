import { z } from 'zod';

export const itemType = z.enum(['contact', 'property', 'company']);
export type ItemType = z.infer<typeof itemType>;

export const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValue>;

export const identifierDto = z.object({
  _id: z.string(),
  value: z.string(),
  primary: z.boolean(),
  status: z.enum(['', 'DNC', 'Wrong #']),
  isEmail: z.boolean(),
  sentFrom: z.string().nullable(),
  apple: z.boolean(),
});
export type IdentifierDto = z.infer<typeof identifierDto>;

/** What a linked-record panel, a search result or a mention needs to show an item. */
export const itemSummary = z.object({
  _id: z.string(),
  type: itemType,
  status: z.string().nullable(),
  /** Display name: contact's full name, company name, or property address. */
  title: z.string(),
  /** Second line: primary phone or e-mail, city/state, or website. */
  subtitle: z.string(),
});
export type ItemSummary = z.infer<typeof itemSummary>;

export const boardCard = itemSummary.extend({
  /** Unread notifications of the viewer about this item. */
  notifCount: z.number().int(),
  /** Due time of the first open task (ISO), if any. */
  due: z.string().nullable(),
  hasOpenTask: z.boolean(),
  /** It has a primary phone or e-mail, so it may have a status (moving it to a column needs one). */
  hasPrimary: z.boolean(),
  queued: z.boolean(),
  assignedTo: z.array(z.string()),
  lastMessage: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
});
export type BoardCard = z.infer<typeof boardCard>;

export const statusDto = z.object({
  _id: z.string(),
  text: z.string(),
  hidden: z.boolean(),
  builtIn: z.boolean(),
});
export type StatusDto = z.infer<typeof statusDto>;

export const sectionField = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(['Text', 'Number', 'Category', 'Date', 'Link', 'Location', 'Email', 'Phone']),
  options: z.array(z.string()),
  config: z.object({
    multipick: z.boolean().optional(),
    inline: z.boolean().optional(),
    multiline: z.boolean().optional(),
    maps: z.boolean().optional(),
  }),
  system: z.boolean(),
});
export const sectionDto = z.object({
  _id: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  users: z.array(z.string()),
  system: z.boolean(),
  fields: z.array(sectionField),
});
export type SectionDto = z.infer<typeof sectionDto>;
export type SectionFieldDto = z.infer<typeof sectionField>;

export const itemDto = z.object({
  _id: z.string(),
  type: itemType,
  status: z.string().nullable(),
  /** System fields under the spec's names ('First name', 'Last name', 'Name', 'Website', 'Address', …). */
  data: z.record(z.string(), fieldValue),
  /** Custom field values by field id. */
  custom: z.record(z.string(), z.union([fieldValue, z.array(z.string())])),
  idts: z.array(identifierDto),
  assignedTo: z.array(z.string()),
  pushedToCrm: z.boolean(),
  queued: z.boolean(),
  notifCount: z.number().int(),
  properties: z.array(itemSummary),
  contacts: z.array(itemSummary),
  companies: z.array(itemSummary),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ItemDto = z.infer<typeof itemDto>;

export const memberRef = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });

export const messageDto = z.object({
  _id: z.string(),
  itemId: z.string(),
  body: z.string(),
  direction: z.enum(['in', 'out']),
  phone: z.string().nullable(),
  sentFrom: z.string().nullable(),
  sender: memberRef.nullable(),
  comment: z.boolean(),
  isIM: z.boolean(),
  status: z.string().nullable(),
  system: z.boolean(),
  due: z.string().nullable(),
  file: z.string().nullable(),
  vmUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageDto = z.infer<typeof messageDto>;

export const taskDto = z.object({
  _id: z.string(),
  dataId: z.string(),
  text: z.string(),
  completed: z.boolean(),
  due: z.string().nullable(),
  assignedTo: z.array(z.string()),
});
export type TaskDto = z.infer<typeof taskDto>;

export const notificationDto = z.object({
  _id: z.string(),
  sender: memberRef.nullable(),
  body: z.string(),
  body2: z.string().nullable(),
  target: z.literal('item'),
  targetId: z.string().nullable(),
  seen: z.boolean(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const memberDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['admin', 'member']),
});
export type MemberDto = z.infer<typeof memberDto>;
