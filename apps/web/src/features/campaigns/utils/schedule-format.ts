import { WEEKDAY_LABELS } from '@prospector/core';

/** 10 → "10:00 AM", 18 → "6:00 PM", 24 (an end at midnight) → "12:00 AM" (the hourly pickers and the cards). */
export function formatHour(hour: number): string {
  const h = hour % 24;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:00 ${h < 12 ? 'AM' : 'PM'}`;
}

export function formatHours(startHour: number, endHour: number): string {
  return `${formatHour(startHour)} – ${formatHour(endHour)}`;
}

/** Weekdays 1–7 (Monday first): runs of three or more read as a range ("Mon–Fri", "Mon–Wed, Sat"). */
export function formatWeekDays(weekDays: readonly number[]): string {
  const days = [...new Set(weekDays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (days.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const label = (day: number) => WEEKDAY_LABELS[day - 1];
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${label(run[0]!)}–${label(run.at(-1)!)}`] : run.map((day) => label(day)),
    )
    .join(', ');
}

/** "America/New_York" → "America/New York". */
export function formatZone(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
}
