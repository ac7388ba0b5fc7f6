import { useEffect } from 'react';
import { useThrottledCallback } from '@mantine/hooks';

/** Spec part 2 §9 (lists and campaigns): the next page loads 300 px before the bottom, at most once a second. */
export const LOAD_MORE_THRESHOLD_PX = 300;
export const LOAD_MORE_THROTTLE_MS = 1000;

function nearPageBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - LOAD_MORE_THRESHOLD_PX;
}

/** Calls `loadMore` when the window is scrolled near its bottom and `enabled` (more to load, none loading). */
export function useLoadMoreOnScroll(enabled: boolean, loadMore: () => void): void {
  const onScroll = useThrottledCallback(() => {
    if (enabled && nearPageBottom()) loadMore();
  }, LOAD_MORE_THROTTLE_MS);
  useEffect(() => {
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [onScroll]);
}
