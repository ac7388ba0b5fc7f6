import { z } from 'zod';
import { CALL_STATUSES } from '../../rules/dialler.js';
import { isCalendarDate } from '../../rules/kpis.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/*
 * The team's own KPIs (spec part 2 §3 Team KPIs, §6 the kpis permission, §9 the block rate): texts
 * sent, delivered, replied, opted out and blocked, and call outcomes, per day of the team's time
 * zone, per device and per template, over a period. Definitions: ADR 026.
 */

const date = text().refine(isCalendarDate, { message: 'A date as YYYY-MM-DD.' });

const textFigures = {
  sent: z.number().int(),
  delivered: z.number().int(),
  replied: z.number().int(),
  optedOut: z.number().int(),
  blocked: z.number().int(),
};

const callCount = z.object({ status: z.enum(CALL_STATUSES), n: z.number().int() });

export const kpiDayDto = z.object({ date: text(), ...textFigures, calls: z.array(callCount) });
export type KpiDayDto = z.infer<typeof kpiDayDto>;

export const kpiDeviceDto = z.object({
  /** The line texts left from: a phone number or an Apple ID. */
  value: text(),
  /** The device still on the team (a removed one keeps its figures under its value). */
  deviceId: text().nullable(),
  ...textFigures,
});
export type KpiDeviceDto = z.infer<typeof kpiDeviceDto>;

export const kpiTemplateDto = z.object({
  templateId: text(),
  /** The template's text, or null when it was deleted since. */
  text: text().nullable(),
  ...textFigures,
  /** Answers whose reply was labelled interested or call back (issue 31): the leads it brought. */
  interested: z.number().int(),
  /** `interested` per delivered text (core's `interestedRate`). */
  interestedRate: z.number(),
});
export type KpiTemplateDto = z.infer<typeof kpiTemplateDto>;

export const teamKpis = z.object({
  from: text(),
  to: text(),
  /** The time zone the days are counted in: the team's, else UTC. */
  timezone: text(),
  totals: z.object({ ...textFigures, blockRate: z.number(), calls: z.array(callCount) }),
  days: z.array(kpiDayDto),
  devices: z.array(kpiDeviceDto),
  templates: z.array(kpiTemplateDto),
});
export type TeamKpis = z.infer<typeof teamKpis>;

export const getTeamKpis = defineEndpoint({
  method: 'GET',
  path: '/api/kpis',
  auth: true,
  /**
   * The first and last day of the period, in the team's time zone, both included; without them, the
   * last 30 days (KPIS_DEFAULT_DAYS) up to today.
   */
  query: z.object({ from: date.optional(), to: date.optional() }),
  response: teamKpis,
});
