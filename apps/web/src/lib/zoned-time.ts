import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The wall-clock format Mantine's date pickers read and write. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function knownZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return null;
  }
}

/**
 * An instant as a picker shows it: the wall-clock time in the team's time zone (the board shows due
 * times there too), or the browser's when the team has none.
 */
export function toPickerValue(iso: string, timeZone: string | null | undefined): string {
  const zone = knownZone(timeZone);
  return (zone ? dayjs(iso).tz(zone) : dayjs(iso)).format(PICKER_FORMAT);
}

/** A picked wall-clock time, read in the team's time zone, as an ISO instant. */
export function fromPickerValue(value: string, timeZone: string | null | undefined): string {
  const zone = knownZone(timeZone);
  return (zone ? dayjs.tz(value, zone) : dayjs(value)).toISOString();
}
