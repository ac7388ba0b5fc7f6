import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@prospector/core';
import { PageTitle } from '../../components/page-title';
import { ApiKeysPanel } from '../../features/api-keys';
import { authKeys } from '../../features/auth';
import { IntegrationsPanel } from '../../features/integrations';
import { TeamSettingsPanel, type TeamSettings } from '../../features/team-settings';
import { WebhooksPanel } from '../../features/webhooks';

/** Settings > Other: the team's settings, then integration hooks and the API key (admins). */
export function OtherSettingsPage({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  // The current user carries the team: patch it so the builder and lists see a new zone at once.
  const patchTeam = (patch: Partial<TeamSettings>) =>
    queryClient.setQueryData<{ user: CurrentUser }>(authKeys.me(), (old) =>
      old ? { user: { ...old.user, team: { ...old.user.team, ...patch } } } : old,
    );
  const isAdmin = user.role === 'admin';
  return (
    <Stack gap="lg">
      <PageTitle>Other</PageTitle>
      <TeamSettingsPanel team={user.team} canEdit={isAdmin} onSaved={patchTeam} />
      {isAdmin ? <ApiKeysPanel timeZone={user.team.timezone} /> : null}
      {isAdmin ? (
        <IntegrationsPanel
          // Records offer 'Push to CRM' only with a push hook (issue 30): the team summary says so.
          onSaved={(saved) =>
            queryClient.setQueryData<{ user: CurrentUser }>(authKeys.me(), (old) =>
              old
                ? { user: { ...old.user, team: { ...old.user.team, crmPush: saved.pushHook !== '' } } }
                : old,
            )
          }
        />
      ) : (
        <Text c="dimmed">Integration hooks and the API key are managed by your team&apos;s admin.</Text>
      )}
      {isAdmin ? <WebhooksPanel timeZone={user.team.timezone} /> : null}
    </Stack>
  );
}
