import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@prospector/core';

/** Toasts of spec part 2 §8: errors red, successes blue; both close after 6 s or on click. */
const common = {
  autoClose: TOAST_AUTO_CLOSE_MS,
  withCloseButton: true,
  closeButtonProps: { 'aria-label': 'Close notification' },
} as const;

export function notifyError(message: string): void {
  notifications.show({ ...common, color: 'red', message });
}

export function notifySuccess(message: string): void {
  notifications.show({ ...common, color: 'blue', message });
}

/** A neutral notice, e.g. 'coming soon'. */
export function notifyInfo(message: string): void {
  notifications.show({ ...common, color: 'gray', message });
}
