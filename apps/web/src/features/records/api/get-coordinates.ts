import { useQuery } from '@tanstack/react-query';
import { getItemCoordinates, getMapImage, locationFor, type ItemDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

/**
 * The point of an address: the record's cached coordinates while they are for this address, else
 * POST /api/items/coordinates (which keeps them on the record when `item` is given). Quiet: the map
 * then falls back to the address and its link.
 */
export function useCoordinates(address: string, opts: { item?: ItemDto; enabled: boolean }) {
  const cached = opts.item ? locationFor(opts.item.location, address) : null;
  const itemId = opts.item?._id ?? null;
  return useQuery({
    queryKey: recordKeys.coordinates(address, itemId),
    queryFn: () =>
      call(getItemCoordinates, { fullAddress: address, ...(itemId ? { itemId } : {}) }, { quiet: true }),
    enabled: opts.enabled && !cached && address.trim().length >= 3,
    initialData: cached ? { lat: cached.lat, lng: cached.lng } : undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** Google's map of a point as a data URL, drawn by the server (the key stays there). */
export function useMapImage(point: { lat: number; lng: number } | undefined) {
  return useQuery({
    queryKey: recordKeys.mapImage(point?.lat ?? 0, point?.lng ?? 0),
    queryFn: async () => (await call(getMapImage, point!, { quiet: true })).image,
    enabled: point !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}
