/**
 * Team KPIs (spec part 2 §3 Team KPIs, §9 'block rate = blocked/sent*100 to 2 decimals'). Pure: the
 * server counts, these turn counts into the figures the page shows.
 */

/** The longest period one KPIs request may cover: a year of day buckets. */
export const KPIS_MAX_DAYS = 366;

/** The default period of the KPIs page: the last 30 days, today included. */
export const KPIS_DEFAULT_DAYS = 30;

/** A calendar date 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (dates as 'YYYY-MM-DD'); 0 when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / 86_400_000) + 1;
}

/** Every date of the period, in order: the chart's x axis has no gaps on quiet days. */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < daysBetween(from, to); i++)
    out.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** A date `days` before (negative: after) the given one. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Why a period is refused, or null when it is fine. */
export function periodProblem(from: string, to: string): 'order' | 'length' | null {
  if (to < from) return 'order';
  if (daysBetween(from, to) > KPIS_MAX_DAYS) return 'length';
  return null;
}

/**
 * A template's interested-reply rate (issue 31): answers labelled interested or call back per 100
 * delivered texts, to 2 decimals; 0 when nothing was delivered.
 */
export function interestedRate(interested: number, delivered: number): number {
  if (delivered <= 0) return 0;
  return Math.round((interested / delivered) * 10000) / 100;
}
