import { z } from 'zod';
import { API_PAGE_MAX, type ApiScope } from '../../rules/public-api.js';
import { errorBody } from '../common.js';
import type { Endpoint } from '../endpoint.js';
import { text } from '../text.js';

/** The reference's groups, in the order it shows them. */
export const V1_TAGS = [
  'Contacts',
  'Properties',
  'Companies',
  'Search',
  'Texts',
  'Lists',
  'Campaigns',
  'Statuses',
  'Tasks',
  'Webhooks',
] as const;

/**
 * A call that takes a file: `multipart/form-data` with the file in the part named `file` and the
 * other fields as text parts, described by `fields` (and checked by it on the server).
 */
export type V1Form = {
  fields: z.ZodObject;
  /** What the file part holds, for the reference. */
  file: { mediaType: string; description: string };
};

/**
 * One call of the public API v1 (issue 33, ADR 043): a contract endpoint authenticated by a team's
 * API key instead of a session. The OpenAPI document is generated from these objects, so `summary`,
 * `scope` and `example` are what integrators read; a test checks every example against its schemas.
 */
export type V1Endpoint = Endpoint & {
  scope: ApiScope;
  operationId: string;
  /** A few words: the reference's sidebar shows it. */
  summary: string;
  /** More, when a few words do not say it. */
  description?: string;
  tag: (typeof V1_TAGS)[number];
  /** Creates and sends take an `Idempotency-Key`: a replay answers the first call's result. */
  idempotent?: true;
  /** A call that uploads a file instead of a JSON body. */
  form?: V1Form;
  example: { body?: unknown; form?: Record<string, string>; response: unknown };
};

export function defineV1<
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
>(
  e: Endpoint<TBody, TResponse, TParams, false, TQuery> &
    Omit<V1Endpoint, keyof Endpoint | 'example'> & {
      example: { body?: z.input<TBody>; form?: Record<string, string>; response: z.output<TResponse> };
    },
) {
  return e;
}

/** The one error shape of every v1 answer that is not a success. */
export const v1Error = errorBody;

export const v1FieldValue = z.union([text(), z.number(), z.boolean(), z.null()]);
export const v1IdParams = z.object({ id: z.uuid() });

/** Ids and a time the examples share, so one example's answer reads as the next one's input. */
export const V1_EXAMPLE = {
  contactId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  listId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  propertyId: '3b241101-e2bb-4255-8caf-4136c566a962',
  companyId: '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
  statusId: 'a8098c1a-f86e-41d5-9c2e-0a4c5d0b1c21',
  taskId: 'c56a4180-65aa-42ec-a945-5fd21dec0538',
  campaignId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  at: '2026-11-28T15:00:00.000Z',
} as const;

/** The query of a list call: a page at a time, `nextCursor` passed back as `cursor`. */
export const v1PageQuery = z.object({
  cursor: text().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(API_PAGE_MAX).optional(),
});

export const v1Contact = z.object({
  id: z.uuid(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  /** E.164. */
  phones: z.array(text()),
  emails: z.array(text()),
  statusId: z.uuid().nullable(),
  /** The record's other system fields, by their names in the app ('Mailing Address', …). */
  fields: z.record(text(), v1FieldValue),
  createdAt: text(),
  updatedAt: text(),
});
export type V1Contact = z.infer<typeof v1Contact>;
