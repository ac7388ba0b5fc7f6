import { estimatedArrival, type ListDto } from '@prospector/core';

const numbers = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numbers.format(value);
}

/** '3:42:05 PM' in the team's time zone (imports last seconds to minutes, so seconds matter). */
export function formatTime(date: Date, timeZone?: string | null): string {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone ?? undefined }).format(date);
  } catch {
    // An unknown zone name in the settings must not break the screen: fall back to the browser's.
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}

/** When an importing list should be ready (spec part 2 §9), as a time of day. */
export function arrivalTime(
  list: Pick<ListDto, 'createdAt' | 'totalRows'>,
  timeZone?: string | null,
): string {
  return formatTime(estimatedArrival(new Date(list.createdAt), list.totalRows), timeZone);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
