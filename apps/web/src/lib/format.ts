/** Dates in the team's time zone (spec part 1 §9: the time zone comes from the settings). */
function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string | null) {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone ?? undefined });
  } catch {
    // An unknown zone name in the settings must not break the screen: fall back to the browser's.
    return new Intl.DateTimeFormat('en-US', options);
  }
}

export function formatDateTime(iso: string, timeZone?: string | null): string {
  return formatter({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, timeZone).format(
    new Date(iso),
  );
}

export function formatDate(iso: string, timeZone?: string | null): string {
  return formatter({ month: 'short', day: 'numeric', year: 'numeric' }, timeZone).format(new Date(iso));
}

/** "Ann Walker" → "AW"; an e-mail gives its first letters. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}
