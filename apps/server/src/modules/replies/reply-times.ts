import * as chrono from 'chrono-node';

/** The zone's offset from UTC in minutes at that moment (e.g. -480 for Los Angeles in winter). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return 0;
  }
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * The time or date a reply names ("tomorrow at 10", "llámame el lunes", "try me in March"), read with
 * chrono-node (English, then Spanish) in the contact's time zone, as it stands after `now`; null when
 * it names none. An hour named without am/pm before 7 is read as the afternoon ("call me at 3").
 */
export function readNamedTime(body: string, now: Date, timeZone: string): Date | null {
  const ref = { instant: now, timezone: zoneOffsetMinutes(timeZone, now) };
  const [found] = chrono.parse(body, ref, { forwardDate: true });
  const result = found ?? chrono.es.parse(body, ref, { forwardDate: true })[0];
  if (!result) return null;
  let at = result.start.date();
  const hour = result.start.get('hour');
  if (result.start.isCertain('hour') && !result.start.isCertain('meridiem') && hour !== null && hour < 7)
    at = new Date(at.getTime() + 12 * 3600_000);
  return at.getTime() > now.getTime() ? at : null;
}
