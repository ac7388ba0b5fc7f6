import { z } from 'zod';
import { messages } from '../../messages.js';
import { CREDIT_REASONS, dollarsToUnits, PAID_PLAN_NAMES, PLAN_NAMES } from '../../rules/billing.js';
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
    /** The team's saved card (its default payment method); null: none yet. */
    card: z
      .object({ brand: text(), last4: text(), expMonth: z.number().int(), expYear: z.number().int() })
      .nullable(),
    /** Autofill: load `load` dollars when a charge leaves the credits below `lowerThan` dollars. */
    autoFill: z.boolean(),
    load: z.number().nullable(),
    lowerThan: z.number().nullable(),
    /** Why the last autofill could not be paid (a declined card): it is turned off until saved again. */
    autofillFailure: text().nullable(),
    /** The paid subscription, while there is one; the plan returns to BASIC when it ends. */
    subscription: z
      .object({
        plan: z.enum(PAID_PLAN_NAMES),
        monthly: z.boolean(),
        status: text(),
        cancelAtPeriodEnd: z.boolean(),
        /** ISO time the period paid for ends (renewal, or the end once cancelled). */
        currentPeriodEnd: text().nullable(),
      })
      .nullable(),
  }),
});
export type BillingSummary = z.infer<typeof getBilling.response>;

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
  staff: true,
  body: z.object({
    teamId: z.uuid(),
    amount: dollars,
    reason: z.enum(['adminGrant', 'staffRefund']).default('adminGrant'),
    note: text().trim().max(200).default(''),
  }),
  response: z.object({ teamId: text(), credits: z.number() }),
});

/** A whole number of dollars and cents a card is charged (the spec's 'amount'); the rules say which. */
const cardDollars = z
  .number({ error: messages.billing.amountRequired })
  .max(100_000, { error: messages.billing.invalidAmount })
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: messages.billing.invalidAmount,
  });

/** Starts entering a card: a Stripe SetupIntent the browser confirms with Stripe Elements. */
export const createSetupIntent = defineEndpoint({
  method: 'POST',
  path: '/api/billing/setupIntent',
  auth: true,
  response: z.object({ setupIntentId: text(), clientSecret: text() }),
});

/**
 * Saves the card a confirmed SetupIntent (`token`) collected as the team's card. The card's brand and
 * last 4 digits are read from Stripe, never taken from the browser (the spec's cardId and last4 are
 * accepted for its payload's sake and ignored).
 */
export const changeCard = defineEndpoint({
  method: 'PATCH',
  path: '/api/billing/changeCard',
  auth: true,
  body: z.object({
    token: text().trim().min(1).max(200),
    cardId: text().max(200).optional(),
    last4: text().max(4).optional(),
  }),
  response: getBilling.response,
});

/** Subscribes to LITE or PRO, monthly or yearly, with the saved card (or the one `token` just set up). */
export const subscribe = defineEndpoint({
  method: 'POST',
  path: '/api/billing/subscribe',
  auth: true,
  body: z.object({
    plan: z.enum(PAID_PLAN_NAMES),
    monthly: z.boolean(),
    token: text().trim().min(1).max(200).optional(),
    cardId: text().max(200).optional(),
    last4: text().max(4).optional(),
  }),
  response: getBilling.response,
});

/** Cancels the subscription at the end of the period paid for; the plan returns to BASIC then. */
export const cancelSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/billing/cancelSubscription',
  auth: true,
  response: getBilling.response,
});

/** Autofill: when a charge leaves the credits below `lowerThan` dollars, the card is charged `load` dollars. */
export const changeAutoFill = defineEndpoint({
  method: 'PATCH',
  path: '/api/billing/changeAutoFill',
  auth: true,
  body: z.object({
    autoFill: z.boolean(),
    load: cardDollars.nullable().optional(),
    lowerThan: cardDollars.nullable().optional(),
  }),
  response: getBilling.response,
});

/** Loads credits: the saved card is charged `amount` dollars (at least $10) and the credits added. */
export const addCredits = defineEndpoint({
  method: 'POST',
  path: '/api/billing/addCredits',
  auth: true,
  body: z.object({ amount: cardDollars.nullable().optional() }),
  response: getBilling.response,
});
