import { z } from 'zod';
import { messages } from '../../messages.js';
import { CREDIT_REASONS, dollarsToUnits, PLAN_NAMES } from '../../rules/billing.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/*
 * Settings > Billing (spec part 2 §2, §3 'Billing', §7 'Billing'). Money crosses the wire in dollars,
 * as the spec's `credits` and `amount` are; the server keeps it in 1/10,000 units (rules/billing.ts),
 * so every figure here is exact to 4 decimals.
 */

const plan = z.enum(PLAN_NAMES);
const meter = z.object({
  used: z.number().int(),
  /** null: the plan has no limit. */
  limit: z.number().int().nullable(),
});

/** The team's plan and credits: the Billing screen's header and the top bar's credits (admins, staff). */
export const getBilling = defineEndpoint({
  method: 'GET',
  path: '/api/billing/get',
  auth: true,
  response: z.object({
    plan,
    /** Dollars, exact to 1/10,000; shown to 2 decimals. */
    credits: z.number(),
    /** Stripe's keys are set: subscriptions and card payments can be offered. */
    paymentsConfigured: z.boolean(),
  }),
});

/** This month's use of the plan (the team's time zone): texts, calls and users against its limits. */
export const getBillingUsage = defineEndpoint({
  method: 'GET',
  path: '/api/billing/usage',
  auth: true,
  response: z.object({
    plan,
    /** 'YYYY-MM' in the team's time zone. */
    month: text(),
    timeZone: text(),
    sms: meter,
    calls: meter,
    users: meter,
  }),
});

export const creditEntryDto = z.object({
  _id: text(),
  /** Dollars, signed: + credited, − charged or set aside. */
  amount: z.number(),
  reason: z.enum(CREDIT_REASONS),
  description: text(),
  createdAt: text(),
});
export type CreditEntryDto = z.infer<typeof creditEntryDto>;

/** The billing history, newest first, a page at a time. */
export const getBillingHistory = defineEndpoint({
  method: 'GET',
  path: '/api/billing/history',
  auth: true,
  query: z.object({ skip: z.coerce.number().int().min(0).max(1_000_000).default(0) }),
  response: z.object({ entries: z.array(creditEntryDto), total: z.number().int() }),
});

/** Dollars a person entered: positive, at most $100,000 at once, at most 4 decimals. */
const dollars = z
  .number({ error: messages.billing.amountRequired })
  .positive({ error: messages.billing.invalidAmount })
  .max(100_000, { error: messages.billing.invalidAmount })
  .refine((v) => dollarsToUnits(v) !== null, { message: messages.billing.invalidAmount });

/**
 * Staff only (spec part 2 §6 'add credits'): credits a team. `reason` says whether it is a grant or
 * a refund of a charge made by mistake; `note` goes into the entry's description.
 */
export const adminAddCredits = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/addCredits',
  auth: true,
  body: z.object({
    teamId: z.uuid(),
    amount: dollars,
    reason: z.enum(['adminGrant', 'staffRefund']).default('adminGrant'),
    note: text().trim().max(200).default(''),
  }),
  response: z.object({ teamId: text(), credits: z.number() }),
});
