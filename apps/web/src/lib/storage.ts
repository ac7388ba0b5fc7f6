type Area = 'local' | 'session';
const areaOf = (area: Area) => (area === 'session' ? window.sessionStorage : window.localStorage);

/**
 * localStorage (or, for this tab's session, sessionStorage) that never throws (private mode, disabled
 * storage): a failed write just isn't kept.
 */
export function readStored(key: string, area: Area = 'local'): string | null {
  try {
    return areaOf(area).getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null, area: Area = 'local'): void {
  try {
    if (value === null) areaOf(area).removeItem(key);
    else areaOf(area).setItem(key, value);
  } catch {
    // Storage is unavailable; the value lives in memory for this visit only.
  }
}
