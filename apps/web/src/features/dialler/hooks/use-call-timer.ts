import { formatCallDuration } from '@prospector/core';
import { useNow } from '../../../lib/use-now';

/** m:ss since `since` (an ISO time), ticking every second; 0:00 without one. */
export function useCallTimer(since: string | null | undefined, endedMs?: number | null): string {
  const now = useNow(1000);
  if (endedMs !== undefined && endedMs !== null) return formatCallDuration(endedMs);
  return since ? formatCallDuration(now - Date.parse(since)) : '0:00';
}
