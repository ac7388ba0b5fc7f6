import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  /** The question: what goes, and what becomes of what it held. */
  children: ReactNode;
  /** What the user reads or chooses before confirming (the devices that go, who takes the records). */
  details?: ReactNode;
  /** Why it cannot be done now: shown instead of the question, with Close as the only button. */
  blocked?: ReactNode;
  confirmLabel: string;
  /** The answer is on its way: the buttons wait. */
  pending?: boolean;
  /** Something must be chosen first. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something is removed for good; Cancel and Escape leave it as it was. */
export function ConfirmModal({
  opened,
  title,
  children,
  details,
  blocked,
  confirmLabel,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>}>
      <Stack gap="lg">
        {blocked ? (
          <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} />}>
            {blocked}
          </Alert>
        ) : (
          <>
            <Text size="sm" component="div">
              {children}
            </Text>
            {details}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {blocked ? 'Close' : 'Cancel'}
          </Button>
          {!blocked && (
            <Button color="red" onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
