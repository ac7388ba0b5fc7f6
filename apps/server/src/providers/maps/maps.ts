export type GeoPoint = { lat: number; lng: number };

/** What a maps service knows about an address. */
export type PlaceInfo = {
  formattedAddress: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  location: GeoPoint;
  /** Whether a street-level photo exists near the place. */
  streetView: boolean;
};

export type StreetViewImage = { contentType: string; body: Buffer };

/** The maps service (geocoding and street-view photos) behind the property calls. */
export type Maps = {
  /** False on the embedded default: every call then fails with MapsNotConfiguredError. */
  readonly configured: boolean;
  /** Google (places, street views, maps), a geocoder (places only), or none. */
  readonly kind: 'google' | 'geocoder' | 'none';
  /** The place at an address, or null when the service knows none. */
  lookup(address: string): Promise<PlaceInfo | null>;
  /** A 1000×450 street-level photo of the address, or null when there is none. */
  streetView(address: string): Promise<StreetViewImage | null>;
  /** A 640×320 road map (at twice the pixels, for sharp screens) centred on the point, with a marker. */
  staticMap(point: GeoPoint): Promise<StreetViewImage>;
};

export class MapsNotConfiguredError extends Error {
  constructor() {
    super('maps not configured');
  }
}

/** The service answered with an error, or could not be reached. */
export class MapsFailedError extends Error {}
