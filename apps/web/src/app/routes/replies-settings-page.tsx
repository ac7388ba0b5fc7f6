import { Stack } from '@mantine/core';
import type { CurrentUser } from '@prospector/core';
import { PageTitle } from '../../components/page-title';
import { useBoardStatuses } from '../../features/board';
import { ReplyActionsScreen } from '../../features/replies';

/** Settings > Reply actions: what each reply label does, picked among the team's statuses. */
export function RepliesSettingsPage({ user }: { user: CurrentUser }) {
  const statuses = useBoardStatuses().data ?? [];
  return (
    <Stack gap="md">
      <PageTitle>Reply actions</PageTitle>
      <ReplyActionsScreen statuses={statuses} canEdit={user.role === 'admin'} />
    </Stack>
  );
}
