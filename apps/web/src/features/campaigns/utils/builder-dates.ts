import { fromPickerValue, toPickerValue } from '../../../lib/zoned-time';

/**
 * The builder's pickers work on calendar days ("YYYY-MM-DD") of the team's time zone (the browser's
 * when the team has none); these turn days into instants and back.
 */
export type Day = string;

/** The zone's calendar day of an instant. */
export function dayOf(at: Date | string, timeZone: string | null): Day {
  return toPickerValue(new Date(at).toISOString(), timeZone).slice(0, 10);
}

/** Noon of a day in the zone: an instant that falls on that day whatever the zone's offset. */
export function middayOf(day: Day, timeZone: string | null): Date {
  return new Date(fromPickerValue(`${day} 12:00:00`, timeZone));
}

/** `day` plus `days` calendar days. */
export function addDays(day: Day, days: number): Day {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * A picked last-contacted day at the time of day it is now: picking the default's day gives the
 * default back (7 days before now), and every other day is whole days further back.
 */
export function lastContactedOn(day: Day, now: Date, timeZone: string | null): string {
  const time = toPickerValue(now.toISOString(), timeZone).slice(11);
  return fromPickerValue(`${day} ${time}`, timeZone);
}
