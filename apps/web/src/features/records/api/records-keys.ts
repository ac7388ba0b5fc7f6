export const recordKeys = {
  all: ['records'] as const,
  details: () => [...recordKeys.all, 'detail'] as const,
  detail: (id: string) => [...recordKeys.details(), id] as const,
  /** Each phone's history: under the record's detail, so whatever refreshes the record refreshes it. */
  phoneHistory: (id: string) => [...recordKeys.detail(id), 'phone-history'] as const,
  /** Every task of a record, completed ones included (the hide-completed toggle turned off). */
  tasks: (id: string) => [...recordKeys.all, 'tasks', id] as const,
  /** A street-view photo by address (from the maps service, fetched once per address). */
  streetView: (address: string) => [...recordKeys.all, 'street-view', address] as const,
  /** Whether a property can be skip traced, and at what price. */
  skiptrace: (id: string) => [...recordKeys.all, 'skiptrace', id] as const,
  /** A record's own photo by its URL (the URL changes with each new photo). */
  photo: (url: string) => [...recordKeys.all, 'photo', url] as const,
  /** Coordinates of an address (for a record, cached on it by the server). */
  coordinates: (address: string, itemId: string | null) =>
    [...recordKeys.all, 'coordinates', address, itemId] as const,
  /** A map image of a point (Google's static map, through the server). */
  mapImage: (lat: number, lng: number) => [...recordKeys.all, 'map-image', lat, lng] as const,
  /** The team's records of a type matching what is typed in a panel's add box. */
  linkSuggestions: (type: string, text: string) =>
    [...recordKeys.all, 'link-suggestions', type, text] as const,
};
