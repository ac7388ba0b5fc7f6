import { useEffect, useState } from 'react';
import { Center, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { messages, type AdminPanelSort, type AdminPeriod, type AdminTeamRow } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import type { PanelFilters } from '../api/admin-keys';
import { useAdminPanel } from '../api/get-panel';
import { useSecondFactorLapse } from '../hooks/use-second-factor-lapse';
import { KpiStrip } from './kpi-strip';
import { AddCreditsDialog, CreateTeamDialog, PauseCampaignsDialog, SuspendDialog } from './team-dialogs';
import { TeamsTable, type TeamAction } from './teams-table';
import { TeamsToolbar } from './teams-toolbar';

const SEARCH_DEBOUNCE_MS = 600;
const INITIAL: PanelFilters = {
  period: '30d',
  search: '',
  sort: 'createdAt',
  dir: 'desc',
  page: 1,
  onlyActiveCampaigns: false,
};

/** /admin/teams: every team with its figures and the staff actions. `onSwitchInto` opens the team's account. */
export function TeamsPage({ onSwitchInto }: { onSwitchInto: (teamId: string) => void }) {
  const [filters, setFilters] = useState(INITIAL);
  const [searchInput, setSearchInput] = useState('');
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ action: Exclude<TeamAction, 'switch'>; team: AdminTeamRow } | null>(
    null,
  );
  const panel = useAdminPanel(filters);
  const lapse = useSecondFactorLapse();
  useEffect(() => lapse(panel.error), [lapse, panel.error]);

  const set = (next: Partial<PanelFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }));
  const applySearch = useDebouncedCallback(
    (search: string) => set({ search: search.trim() }),
    SEARCH_DEBOUNCE_MS,
  );
  const sortBy = (sort: AdminPanelSort) =>
    set({ sort, dir: filters.sort === sort && filters.dir === 'desc' ? 'asc' : 'desc' });
  const act = (action: TeamAction, team: AdminTeamRow) =>
    action === 'switch' ? onSwitchInto(team._id) : setDialog({ action, team });
  const close = () => setDialog(null);
  const data = panel.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <TeamsToolbar
        search={searchInput}
        onSearch={(v) => (setSearchInput(v), applySearch(v))}
        period={filters.period}
        onPeriod={(period: AdminPeriod) => set({ period })}
        onlyActive={filters.onlyActiveCampaigns}
        onOnlyActive={(onlyActiveCampaigns) => set({ onlyActiveCampaigns })}
        onCreateTeam={() => setCreating(true)}
      />
      {panel.isPending && (
        <Center py={64}>
          <Loader aria-label="Loading teams" />
        </Center>
      )}
      {panel.isError && !data && (
        <LoadFailed message="The teams could not be loaded." onRetry={() => void panel.refetch()} />
      )}
      {data && (
        <>
          <KpiStrip kpis={data.kpis} />
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
            {data.teams.length === 0 ? (
              <Center py={48}>
                <Text c="dimmed" role="status">
                  {messages.admin.nope}
                </Text>
              </Center>
            ) : (
              <TeamsTable
                teams={data.teams}
                sort={filters.sort}
                dir={filters.dir}
                onSort={sortBy}
                onAction={act}
              />
            )}
          </Paper>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {`${new Intl.NumberFormat('en-US').format(data.total)} teams`}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={filters.page}
                onChange={(page) => setFilters((f) => ({ ...f, page }))}
              />
            )}
          </Group>
        </>
      )}
      <CreateTeamDialog opened={creating} onClose={() => setCreating(false)} />
      <AddCreditsDialog team={dialog?.action === 'credits' ? dialog.team : null} onClose={close} />
      <SuspendDialog team={dialog?.action === 'suspend' ? dialog.team : null} onClose={close} />
      <PauseCampaignsDialog team={dialog?.action === 'pause' ? dialog.team : null} onClose={close} />
    </Stack>
  );
}
