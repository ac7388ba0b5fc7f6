import { useQuery } from '@tanstack/react-query';
import { getReplyTemperatures, type Temperature } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { repliesKeys } from './replies-keys';

type Waiting = { resolve: (t: Temperature | null) => void; reject: (e: unknown) => void };
let pending = new Map<string, Waiting[]>();

/** The cards asking in one turn are answered by one call (at most 500 records a call). */
function flush() {
  const batch = pending;
  pending = new Map();
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    call(getReplyTemperatures, { itemIds: part }, { quiet: true }).then(
      ({ temperatures }) =>
        part.forEach((id) => batch.get(id)?.forEach((w) => w.resolve(temperatures[id] ?? null))),
      (err: unknown) => part.forEach((id) => batch.get(id)?.forEach((w) => w.reject(err))),
    );
  }
}

function loadTemperature(itemId: string) {
  return new Promise<Temperature | null>((resolve, reject) => {
    if (pending.size === 0) setTimeout(flush, 0);
    pending.set(itemId, [...(pending.get(itemId) ?? []), { resolve, reject }]);
  });
}

/** A record's temperature from its latest labelled reply (null: none yet). */
export function useTemperature(itemId: string) {
  return useQuery({ queryKey: repliesKeys.temperature(itemId), queryFn: () => loadTemperature(itemId) });
}
