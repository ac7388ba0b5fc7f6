import { useEffect, useRef } from 'react';
import { useThrottledCallback } from '@mantine/hooks';

/** The next page loads 300 px before the bottom of the window, checked at most 5 times a second. */
const NEAR_BOTTOM_PX = 300;
const THROTTLE_MS = 200;

function nearPageBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - NEAR_BOTTOM_PX;
}

/**
 * Calls `loadMore` when the window is scrolled near its bottom while `enabled` (more to load, none
 * loading), and after each page if the rows do not fill the window yet (nothing to scroll).
 */
export function useLoadMoreNearBottom(enabled: boolean, loadMore: () => void, loadedPages: number): void {
  const onScroll = useThrottledCallback(() => {
    if (enabled && nearPageBottom()) loadMore();
  }, THROTTLE_MS);
  useEffect(() => {
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [onScroll]);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  // Only a new page (or a new list) can leave the window unfilled.
  useEffect(() => {
    if (enabled && nearPageBottom()) latest.current();
  }, [enabled, loadedPages]);
}
