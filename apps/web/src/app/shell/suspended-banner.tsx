import { Alert } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { suspensionBannerText, type CurrentUser } from '@prospector/core';

/** Every member of a team our staff suspended reads why (ADR 025); it comes and goes live (ADR 033). */
export function SuspendedBanner({ user }: { user: CurrentUser }) {
  const suspension = user.team.suspension;
  if (!suspension) return null;
  return (
    <Alert color="red" variant="filled" radius="md" mb="md" icon={<IconBan size={18} />} role="alert">
      {suspensionBannerText(suspension.reason)}
    </Alert>
  );
}
