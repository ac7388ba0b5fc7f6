/**
 * What a property-information provider knows of a property: its owner, bedrooms, bathrooms, lot size
 * (square feet), year built and use (e.g. 'Single Family Residential'); null where it does not know.
 */
export type PropertyFacts = {
  owner: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  lotSize: number | null;
  yearBuilt: number | null;
  use: string | null;
};

/**
 * The property-information service behind POST /api/properties/getInfo. Google's geocoding (the maps
 * provider) knows places, not owners or bedrooms, so no adapter ships yet: an adapter for a records
 * provider (ATTOM, BatchData, …) implements this, tested against a local fake of its documented API.
 */
export type PropertyInfo = {
  /** False on the embedded default: every look-up fails with PropertyInfoNotConfiguredError. */
  readonly configured: boolean;
  /** What the provider knows of the property at an address, or null when it knows no such property. */
  lookup(address: string): Promise<PropertyFacts | null>;
};

export class PropertyInfoNotConfiguredError extends Error {
  constructor() {
    super('property information not configured');
  }
}

/** The provider answered with an error, or could not be reached. */
export class PropertyInfoFailedError extends Error {}
