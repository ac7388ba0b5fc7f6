import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'record';

/**
 * The open record lives in the URL (`?record=<id>`) over whatever screen is showing, so Back closes
 * it and a link to it can be shared.
 */
export function useRecordParam() {
  const [params, setParams] = useSearchParams();
  const recordId = params.get(PARAM);
  const openRecord = useCallback(
    (id: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(PARAM, id);
        return next;
      }),
    [setParams],
  );
  const closeRecord = useCallback(
    () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PARAM);
        return next;
      }),
    [setParams],
  );
  return { recordId, openRecord, closeRecord };
}
