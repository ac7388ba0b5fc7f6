import { Alert } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { messages, type CurrentUser } from '@prospector/core';

/** Every member of a team our staff suspended reads why (ADR 025). */
export function SuspendedBanner({ user }: { user: CurrentUser }) {
  const suspension = user.team.suspension;
  if (!suspension) return null;
  const text = messages.admin.suspendedBanner.replace(
    '{reason}',
    suspension.reason || messages.admin.suspendedNoReason,
  );
  return (
    <Alert color="red" variant="filled" radius="md" mb="md" icon={<IconBan size={18} />} role="alert">
      {text}
    </Alert>
  );
}
