import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '../../features/auth';

/** Logs out: clears the token and all client state, revokes the session, goes to /. */
export function LogoutButton(props: Omit<ButtonProps, 'children' | 'onClick'>) {
  const logout = useLogout();
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLogout size={18} />}
      onClick={() => logout.mutate()}
      {...props}
    >
      Log out
    </Button>
  );
}
