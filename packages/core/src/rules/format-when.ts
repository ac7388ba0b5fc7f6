/** Times said the way people read them: in a zone, relative to today (the web and the server alike). */

function zoned(options: Intl.DateTimeFormatOptions, timeZone: string) {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat('en-US', options);
  }
}

/** Days from `now` to `at` on the zone's calendar (0: today, 1: tomorrow). */
function daysBetween(now: Date, at: Date, timeZone: string): number {
  const day = (d: Date) => {
    const parts = zoned({ year: 'numeric', month: 'numeric', day: 'numeric' }, timeZone).formatToParts(d);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'));
  };
  return Math.round((day(at) - day(now)) / 86_400_000);
}

/** "today at 9:00 AM", "tomorrow at 9:00 AM", "on Monday at 9:00 AM", "on Jan 12 at 9:00 AM", in the zone. */
export function formatWhen(iso: string, timeZone: string, now: Date): string {
  const at = new Date(iso);
  const time = zoned({ hour: 'numeric', minute: '2-digit' }, timeZone).format(at);
  const days = daysBetween(now, at, timeZone);
  if (days <= 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  if (days < 7) return `on ${zoned({ weekday: 'long' }, timeZone).format(at)} at ${time}`;
  return `on ${zoned({ month: 'short', day: 'numeric' }, timeZone).format(at)} at ${time}`;
}
