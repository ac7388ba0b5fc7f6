import { DataFieldsScreen } from '../../features/data-fields';
import { useTeamMembers } from '../../features/team-members/api/list-team-members';

/** Settings > Data Fields, with the team's members for per-section visibility. */
export function DataFieldsSettingsPage() {
  const members = useTeamMembers();
  return <DataFieldsScreen members={members.data?.map((m) => ({ _id: m._id, name: m.name || m.email }))} />;
}
