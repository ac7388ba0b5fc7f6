import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  mayAddMember,
  mayEditMember,
  mayEditMemberAccess,
  mayRemoveMember,
  messages,
  type Role,
  type PermissionKey,
  type TeamMemberDto,
} from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { useServerEvent } from '../../../lib/use-server-event';
import { useTeamMembers } from '../api/list-team-members';
import { teamMembersKeys } from '../api/team-members-keys';
import { AddMemberModal } from './add-member-modal';
import { CompanyHeader, type CompanyProfile } from './company-header';
import { EditMemberModal } from './edit-member-modal';
import { MembersTable } from './members-table';
import { RemoveMemberModal } from './remove-member-modal';

export type TeamViewer = {
  _id: string;
  role: Role;
  permissions: readonly PermissionKey[];
  /** The viewer's company, shown above the members with its logo. */
  team?: CompanyProfile;
};

type TeamScreenProps = {
  viewer: TeamViewer;
  /** A member was edited (here or elsewhere): the app refreshes the current user when it is them. */
  onMemberEdited?: (userId: string) => void;
};

/** Settings > Team (spec part 2 §2): the company, the members, 'Add member', edit and remove. */
export function TeamScreen({ viewer, onMemberEdited }: TeamScreenProps) {
  const members = useTeamMembers();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamMemberDto | null>(null);
  const [removing, setRemoving] = useState<TeamMemberDto | null>(null);

  useServerEvent('editMember', ({ _id }) => {
    void queryClient.invalidateQueries({ queryKey: teamMembersKeys.list() });
    onMemberEdited?.(_id);
  });
  useServerEvent('membersChanged', () => {
    void queryClient.invalidateQueries({ queryKey: teamMembersKeys.list() });
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>Team</PageTitle>
        {mayAddMember(viewer) && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add member
          </Button>
        )}
      </Group>
      {viewer.team && <CompanyHeader company={viewer.team} canUpload={viewer.role === 'admin'} />}
      {members.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading members" />
        </Center>
      ) : members.isError ? (
        <Alert color="red">{messages.shell.genericError}</Alert>
      ) : (
        <Paper withBorder radius="md" p={0}>
          <MembersTable
            members={members.data}
            currentUserId={viewer._id}
            canEdit={(m) => mayEditMember(viewer, m)}
            canRemove={(m) => mayRemoveMember(viewer, m)}
            onEdit={setEditing}
            onRemove={setRemoving}
          />
        </Paper>
      )}
      <AddMemberModal opened={adding} onClose={() => setAdding(false)} />
      {editing && (
        <EditMemberModal
          key={editing._id}
          member={editing}
          accessEditable={mayEditMemberAccess(viewer, editing)}
          isSelf={editing._id === viewer._id}
          onClose={() => setEditing(null)}
          {...(onMemberEdited ? { onEdited: onMemberEdited } : {})}
        />
      )}
      {removing && (
        <RemoveMemberModal member={removing} members={members.data ?? []} onClose={() => setRemoving(null)} />
      )}
    </Stack>
  );
}
