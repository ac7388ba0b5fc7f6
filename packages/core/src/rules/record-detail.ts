import { messages } from '../messages.js';
import { imageTypeOf, type AvatarType } from './avatars.js';

type Value = string | number | boolean | null | undefined;

/** 10 MB: a phone camera's photo of a property, well within what a browser uploads in seconds. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Why a property photo is refused, or null when it may be stored (its type by its bytes, never its name). */
export function photoProblem(bytes: Uint8Array, size = bytes.length): string | null {
  if (size === 0) return messages.recordDetail.photoMissing;
  if (size > MAX_PHOTO_BYTES) return messages.recordDetail.photoTooLarge;
  return imageTypeOf(bytes) ? null : messages.recordDetail.photoWrongType;
}

/** The type of an accepted photo (call after photoProblem answered null). */
export const photoTypeOf = (bytes: Uint8Array): AvatarType | null => imageTypeOf(bytes);

/** A field counts as empty when it holds nothing, or only spaces: the look-up may fill it. */
export const isEmptyValue = (v: Value) => v === null || v === undefined || String(v).trim() === '';

/**
 * What a property look-up found, by the property's system field names (part 2 §3: Owner, Bedrooms,
 * Bathrooms, Lot Size, Year Built, Use Description; City, State, Zip and Full from the maps service).
 */
export type FoundFields = Partial<Record<string, string | number | null>>;

/**
 * The look-up fills EMPTY fields only: a value the user entered (or imported) is never overwritten,
 * and a field the look-up did not find is left as it is. Answers the new data and the names filled.
 */
export function fillEmptyFields<T extends Record<string, Value>>(
  data: T,
  found: FoundFields,
): { data: T; filled: string[] } {
  const next: Record<string, Value> = { ...data };
  const filled: string[] = [];
  for (const [name, value] of Object.entries(found)) {
    if (isEmptyValue(value) || !isEmptyValue(next[name])) continue;
    next[name] = value;
    filled.push(name);
  }
  return { data: next as T, filled };
}

/** The toast after a look-up: which fields were filled, or that there was nothing left to fill. */
export function infoFilledMessage(filled: readonly string[]): string {
  return filled.length === 0
    ? messages.recordDetail.infoNothingToFill
    : messages.recordDetail.infoFilled.replace('{fields}', filled.join(', '));
}

/** A point on the map, and the address it was looked up for (a changed address needs a new look-up). */
export type CachedLocation = { lat: number; lng: number; address: string };

/** The cached coordinates when they are for this address (compared without case or extra spaces). */
export function locationFor(cached: CachedLocation | null, address: string): CachedLocation | null {
  const norm = (a: string) => a.trim().replace(/\s+/g, ' ').toLowerCase();
  return cached && norm(cached.address) === norm(address) ? cached : null;
}

/** Which map a screen shows: Google's (the maps key is set), tiles through Leaflet, or none (a link out). */
export type MapKind = 'google' | 'tiles' | 'none';
export function mapKindOf(config: { mapsConfigured: boolean; mapTileUrl: string | null }): MapKind {
  if (config.mapsConfigured) return 'google';
  return config.mapTileUrl ? 'tiles' : 'none';
}

/** Where 'Open in Google Maps' leads for an address (Google's documented Maps URLs, no key needed). */
export function mapsLinkFor(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** One text of the record in the push hook's payload (part 2 §3). */
export type PushMessage = { createdAt: string; body: string; direction: 'in' | 'out' };

/**
 * The push hook's payload exactly as part 2 §3's sample: messages [{createdAt, body, direction}],
 * campaignName, status, sentFrom, the contact's fields by name, and Notes (its comments, one per line).
 * The four named keys come last among equals: a field may not shadow them.
 */
export function pushHookPayload(input: {
  messages: readonly PushMessage[];
  campaignName: string | null;
  status: string | null;
  sentFrom: string | null;
  fields: Record<string, Value>;
  notes: readonly string[];
}): Record<string, unknown> {
  const reserved = new Set(['messages', 'campaignName', 'status', 'sentFrom', 'Notes']);
  const fields = Object.fromEntries(
    Object.entries(input.fields).filter(([k, v]) => !reserved.has(k) && v !== undefined),
  );
  return {
    messages: input.messages.map((m) => ({ createdAt: m.createdAt, body: m.body, direction: m.direction })),
    campaignName: input.campaignName,
    status: input.status,
    sentFrom: input.sentFrom,
    ...fields,
    Notes: input.notes.join('\n'),
  };
}
