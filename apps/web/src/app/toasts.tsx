import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@prospector/core';

/** Where toasts show (spec part 2 §8): top right, four at a time. */
export function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />;
}
