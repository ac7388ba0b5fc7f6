import { z } from 'zod';
import { SKIPTRACE_TYPES } from '../../rules/skiptrace.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/*
 * Skip tracing (spec part 2 §7: POST /lists/skiptrace {listId, type}, POST /properties/skiptrace
 * {propId, type}). Money is in dollars, as the list's `cost` is. `permissibleUse` is the user's
 * confirmation of the DPPA/GLBA statement shown where a trace starts: the server refuses a trace
 * without it.
 */

const type = z.enum(SKIPTRACE_TYPES);

/** A list's skip-trace figures (spec §3 List hits, landlines, dnc, cost; cost in dollars). */
export const listMetrics = z.object({
  listId: text(),
  hits: z.number().int(),
  landlines: z.number().int(),
  dnc: z.number().int(),
  cost: z.number(),
});
export type ListMetrics = z.infer<typeof listMetrics>;

/** A list-wide run: its progress, figures and how it ended. */
export const skiptraceRunDto = z.object({
  _id: text(),
  listId: text(),
  type,
  state: z.enum(['running', 'done', 'cancelled', 'stopped']),
  /** Why a run stopped before the end (credits ran out, the provider refused): the sentence to show. */
  reason: text().nullable(),
  /** Properties to trace (those without phones when it started), and traced so far. */
  total: z.number().int(),
  done: z.number().int(),
  hits: z.number().int(),
  landlines: z.number().int(),
  dnc: z.number().int(),
  /** Dollars charged by this run (hits × price). */
  cost: z.number(),
  /** Price of one hit in dollars. */
  price: z.number(),
  createdAt: text(),
});
export type SkiptraceRunDto = z.infer<typeof skiptraceRunDto>;

export const tracedPhoneDto = z.object({
  value: text(),
  lineType: z.enum(['mobile', 'landline', 'other']),
  dnc: z.boolean(),
});

/** Starts skip tracing a list's properties without phones, in the background. */
export const skiptraceList = defineEndpoint({
  method: 'POST',
  path: '/api/lists/skiptrace',
  auth: true,
  body: z.object({ listId: z.uuid(), type, permissibleUse: z.literal(true) }),
  response: z.object({ run: skiptraceRunDto }),
});

/** The list's latest run (null before the first) and what tracing costs the team. */
export const getListSkiptrace = defineEndpoint({
  method: 'GET',
  path: '/api/lists/skiptrace/:listId',
  auth: true,
  params: z.object({ listId: z.uuid() }),
  response: z.object({
    run: skiptraceRunDto.nullable(),
    /** Properties of the list without phones: what a run would trace. */
    toTrace: z.number().int(),
    prices: z.object({ single: z.number(), multi: z.number() }),
    /** The demo provider answers (no BATCHDATA_API_KEY): its numbers are fictional. */
    demo: z.boolean(),
  }),
});

/** Stops a list's run after the request under way; what it traced stays, and is charged. */
export const cancelListSkiptrace = defineEndpoint({
  method: 'POST',
  path: '/api/lists/skiptrace/cancel',
  auth: true,
  body: z.object({ listId: z.uuid() }),
  response: z.object({ run: skiptraceRunDto }),
});

/** Skip traces one property without phones, now; charged only when it finds something. */
export const skiptraceProperty = defineEndpoint({
  method: 'POST',
  path: '/api/properties/skiptrace',
  auth: true,
  body: z.object({ propId: z.uuid(), type, permissibleUse: z.literal(true) }),
  response: z.object({
    results: z.object({
      hit: z.boolean(),
      /** The owner contacts found or linked, with what the trace added to them. */
      owners: z.array(
        z.object({
          _id: text(),
          name: text(),
          phones: z.array(tracedPhoneDto),
          emails: z.array(text()),
        }),
      ),
      /** Dollars charged (0 for a miss). */
      cost: z.number(),
    }),
    /** The figures of every list holding the property, after this trace. */
    listMetrics: z.array(listMetrics),
  }),
});

/** Whether a property can be skip traced (it has no phones), what a hit costs, and whether it is demo data. */
export const getPropertySkiptrace = defineEndpoint({
  method: 'GET',
  path: '/api/properties/skiptrace/:propId',
  auth: true,
  params: z.object({ propId: z.uuid() }),
  response: z.object({
    hasPhones: z.boolean(),
    prices: z.object({ single: z.number(), multi: z.number() }),
    demo: z.boolean(),
  }),
});
