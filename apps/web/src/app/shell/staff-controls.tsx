import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp, IconSwitchHorizontal } from '@tabler/icons-react';
import type { CurrentUser } from '@prospector/core';
import { useSwitchBack } from '../../features/auth';
import { useSessionStore } from '../../lib/session-store';
import { LoginPanel } from '../compose/login-panel';

/**
 * Staff open a user's workspace by name ('Switch to user'); while impersonating, 'Switch back'
 * restores their own session (spec part 1 §2.1 and §2.2).
 */
export function StaffControls({ user }: { user: CurrentUser }) {
  const impersonating = useSessionStore((s) => s.oldToken !== null);
  const switchBack = useSwitchBack();
  const [opened, dialog] = useDisclosure(false);

  return (
    <>
      {impersonating && (
        <Button
          variant="light"
          color="orange"
          size="sm"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={switchBack}
        >
          Switch back
        </Button>
      )}
      {user.isStaff && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconSwitchHorizontal size={16} />}
          onClick={dialog.open}
        >
          Switch to user
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={dialog.close}
        title="Switch to user"
        size={420}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <LoginPanel mode="impersonate" onDone={dialog.close} />
      </Modal>
    </>
  );
}
