import {
  fillEmptyFields,
  itemSearchText,
  locationFor,
  type FoundFields,
  type ItemDto,
} from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import {
  MapsFailedError,
  MapsNotConfiguredError,
  type GeoPoint,
  type Maps,
  type PlaceInfo,
} from '../../providers/maps/index.js';
import {
  PropertyInfoFailedError,
  type PropertyFacts,
  type PropertyInfo,
} from '../../providers/property-info/index.js';
import type { RecordsErrorCode, RecordsService } from '../records/index.js';
import type { MapsErrorCode } from './maps.errors.js';

type Code = MapsErrorCode | RecordsErrorCode;
type Logger = { warn(obj: object, msg: string): void };

/** A property's system fields (part 2 §3) by what each service calls them. */
function foundFields(place: PlaceInfo | null, facts: PropertyFacts | null): FoundFields {
  return {
    ...(place && {
      Address: place.street || null,
      City: place.city || null,
      State: place.state || null,
      Zip: place.zip || null,
      Full: place.formattedAddress || null,
    }),
    ...(facts && {
      Owner: facts.owner,
      Bedrooms: facts.bedrooms,
      Bathrooms: facts.bathrooms,
      'Lot Size': facts.lotSize,
      // A Text field: a year shown as 1,962 would be wrong.
      'Year Built': facts.yearBuilt === null ? null : String(facts.yearBuilt),
      'Use Description': facts.use,
    }),
  };
}

/**
 * The property look-ups of the record screen: the information look-up that fills a property's EMPTY
 * fields (never one the user entered), and the coordinates of its map, cached on the property.
 */
export function createPropertyLookup(deps: {
  maps: Maps;
  propertyInfo: PropertyInfo;
  records: RecordsService;
  log: Logger;
}) {
  const { maps, propertyInfo, records, log } = deps;

  /** A provider's failure as a value: 'not configured', or the spec's 'Something went wrong.' (logged). */
  async function ask<T>(work: () => Promise<T>): Promise<Result<T, Code>> {
    try {
      return ok(await work());
    } catch (err) {
      if (err instanceof MapsNotConfiguredError) return fail('MAPS_NOT_CONFIGURED');
      if (err instanceof MapsFailedError || err instanceof PropertyInfoFailedError) {
        log.warn({ err }, 'property look-up failed');
        return fail('MAPS_FAILED');
      }
      throw err;
    }
  }

  /** The property the caller may open, when an id is given. */
  async function property(auth: AuthContext, itemId: string | undefined) {
    if (!itemId) return ok(null);
    const found = await records.access(auth, itemId);
    if (!found.ok) return found;
    return found.value.type === 'property' ? found : fail('INFO_ONLY_PROPERTIES' as const);
  }

  return {
    ask,

    async info(
      auth: AuthContext,
      input: { address: string; itemId?: string },
    ): Promise<
      Result<
        { place: PlaceInfo | null; facts: PropertyFacts | null; filled: string[]; item: ItemDto | null },
        Code
      >
    > {
      const target = await property(auth, input.itemId);
      if (!target.ok) return target;
      if (!maps.configured && !propertyInfo.configured) return fail('PROPERTY_INFO_NOT_CONFIGURED');
      const place = maps.configured ? await ask(() => maps.lookup(input.address)) : ok(null);
      if (!place.ok) return place;
      const facts = propertyInfo.configured ? await ask(() => propertyInfo.lookup(input.address)) : ok(null);
      if (!facts.ok) return facts;
      if (!place.value && !facts.value) return fail('ADDRESS_NOT_FOUND');
      const item = target.value;
      if (!item) return ok({ place: place.value, facts: facts.value, filled: [], item: null });
      const { data, filled } = fillEmptyFields(item.data, foundFields(place.value, facts.value));
      const location = place.value ? { ...place.value.location, address: input.address } : item.location;
      const updated = await records.touch(item.id, { data, searchText: itemSearchText(data), location });
      return ok({
        place: place.value,
        facts: facts.value,
        filled,
        item: await records.toItemDto(auth, updated),
      });
    },

    /** Coordinates of an address; with a property, read from and kept on it while its address holds. */
    async coordinates(auth: AuthContext, address: string, itemId?: string): Promise<Result<GeoPoint, Code>> {
      const found = itemId ? await records.access(auth, itemId) : ok(null);
      if (!found.ok) return found;
      const item = found.value;
      const cached = item ? locationFor(item.location, address) : null;
      if (cached) return ok({ lat: cached.lat, lng: cached.lng });
      const place = await ask(() => maps.lookup(address));
      if (!place.ok) return place;
      if (!place.value) return fail('ADDRESS_NOT_FOUND');
      const point = place.value.location;
      // Kept without touching the record: a look-up is not work on the lead (board order, updatedAt).
      if (item) await records.cacheLocation(item.id, { ...point, address });
      return ok(point);
    },
  };
}
