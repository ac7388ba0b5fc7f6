import { Anchor, Group, Text } from '@mantine/core';
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

/** A success that can be taken back: the toast carries an 'Undo' button for its 6 s. */
export function notifyWithUndo(message: string, onUndo: () => void): void {
  const id = notifications.show({
    ...common,
    color: 'blue',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{message}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          Undo
        </Anchor>
      </Group>
    ),
  });
}
