import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** libphonenumber's type of a number (its full metadata tells mobile from fixed lines where the plan does). */
export function phoneTypeOf(phone: string | null): string | undefined {
  return phone ? parsePhoneNumberFromString(phone)?.getType() : undefined;
}

/** 'Call campaign Nov 28, 2026': the day in the team's zone, as the team reads its dates. */
export function callCampaignName(now: Date, timezone: string | null): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone ?? 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(now);
  return `Call campaign ${day}`;
}
