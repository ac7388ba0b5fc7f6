import {
  callingCodeOf,
  formatPhone as formatIn,
  normalizePhone as normalizeIn,
  type PhoneCountry,
} from '@prospector/core';

let home: PhoneCountry = 'US';

/**
 * The signed-in team's home country (Settings > Other). The logged-in layout sets it before it draws a
 * screen, and draws the screens again when it changes, so every number below follows it.
 */
export function setHomeCountry(country: PhoneCountry) {
  home = country;
}

/** A stored phone as every screen shows it: national for the team's country, international otherwise. */
export function formatPhone(e164: string): string {
  return formatIn(e164, home);
}

/** A phone typed by hand, read in the team's country when it has no country code (null: not a phone). */
export function normalizePhone(input: string): string | null {
  return normalizeIn(input, home);
}

/** The team's calling code ('+1', '+44'): what an import reads phones in when a row names no country. */
export function homeCallingCode(): string {
  return callingCodeOf(home);
}
