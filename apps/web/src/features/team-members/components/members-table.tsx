import { ActionIcon, Avatar, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  memberInitials,
  messages,
  type PermissionKey,
  type TeamMemberDto,
} from '@prospector/core';

/** Short badge names; the spec's label is the tooltip. */
const BADGE: Record<PermissionKey, string> = {
  members: 'Members',
  calls: 'Calls',
  sms: 'SMS',
  import: 'Import',
  statuses: 'Statuses',
  dataFields: 'Data fields',
  phones: 'Devices',
  templates: 'Templates',
  campaigns: 'Campaigns',
  messenger: 'Messenger',
  kpis: 'KPIs',
};

type MembersTableProps = {
  members: readonly TeamMemberDto[];
  currentUserId: string;
  canEdit: (member: TeamMemberDto) => boolean;
  canRemove: (member: TeamMemberDto) => boolean;
  onEdit: (member: TeamMemberDto) => void;
  onRemove: (member: TeamMemberDto) => void;
};

function PermissionBadges({ member }: { member: TeamMemberDto }) {
  if (member.role === 'admin')
    return (
      <Badge variant="light" tt="none">
        All permissions
      </Badge>
    );
  if (member.permissions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  const keys = PERMISSION_KEYS.filter((k) => member.permissions.includes(k));
  return (
    <Group gap={4}>
      {keys.map((key) => (
        <Tooltip key={key} label={PERMISSION_LABELS[key]} withArrow>
          <Badge variant="light" color="gray" tt="none">
            {BADGE[key]}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The team: avatar initials, name, e-mail, role, permissions, data access and the row actions. */
export function MembersTable(props: MembersTableProps) {
  const { members, currentUserId, canEdit, canRemove, onEdit, onRemove } = props;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Team members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th miw={100}>Role</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th>Data access</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => {
            const label = m.name || m.email;
            return (
              <Table.Tr key={m._id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={m.avatar} radius="xl" size={32} color="brand" alt={label}>
                      {memberInitials(m.name, m.email)}
                    </Avatar>
                    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {label}
                      {m._id === currentUserId && (
                        <Text span size="xs" c="dimmed" ml={6}>
                          (you)
                        </Text>
                      )}
                    </Text>
                    {m.invited && (
                      <Tooltip label={messages.team.invitedHint}>
                        <Badge variant="light" color="yellow" tt="none" size="sm" style={{ flexShrink: 0 }}>
                          {messages.team.invited}
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{m.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant={m.role === 'admin' ? 'filled' : 'outline'} tt="none" miw={72}>
                    {m.role === 'admin' ? 'Admin' : 'Member'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <PermissionBadges member={m} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {m.role === 'admin' ? 'All data' : m.dataAccess}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {canEdit(m) && (
                      <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={() => onEdit(m)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                    )}
                    {canRemove(m) && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${label}`}
                        onClick={() => onRemove(m)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
