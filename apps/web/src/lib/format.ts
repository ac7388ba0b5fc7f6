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

const whole = new Intl.NumberFormat('en-US');

/** A count as people read it: 14,339. */
export function formatCount(n: number): string {
  return whole.format(n);
}

/**
 * A number kept as text (an imported 'Lot Size' of '43560' or '43560.5') with thousands separators;
 * any other text is shown as it is.
 */
export function withThousands(text: string): string {
  const t = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return text;
  const [int, frac] = t.split('.');
  return `${whole.format(Number(int))}${frac === undefined ? '' : `.${frac}`}`;
}
