import { Avatar, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconUserPlus } from '@tabler/icons-react';
import { messages, type ItemDto, type MemberDto, type StatusDto } from '@prospector/core';
import { MemberAvatars } from '../../../components/member-avatars';
import { useAssignItem } from '../api/assign';
import { usePushToCrm } from '../api/push-to-crm';
import { AssignPopover } from './assign-popover';
import { StatusPicker } from './status-picker';

type RecordHeaderProps = {
  item: ItemDto;
  members: readonly MemberDto[];
  statuses: readonly StatusDto[];
  onChanged?: () => void;
  /** The team has a push hook: 'Push to CRM' is offered only then (issue 30). */
  crmPush?: boolean;
};

/** Status, assignees and CRM state of the open record. */
export function RecordToolbar({ item, members, statuses, onChanged, crmPush = false }: RecordHeaderProps) {
  const assign = useAssignItem(item._id, item.type, onChanged);
  const push = usePushToCrm(item._id);
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="sm">
        <StatusPicker item={item} statuses={statuses} onChanged={onChanged} />
        {item.queued && (
          <Badge variant="light" color="violet" tt="none">
            Queued
          </Badge>
        )}
        {item.type === 'contact' &&
          (item.pushedToCrm ? (
            <Badge variant="light" color="teal" tt="none">
              {messages.records.pushedToCrm}
            </Badge>
          ) : (
            crmPush && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCloudUpload size={14} />}
                loading={push.isPending}
                onClick={() => push.mutate()}
              >
                {messages.records.pushToCrm}
              </Button>
            )
          ))}
      </Group>
      <AssignPopover
        label="Assign to members"
        members={members}
        assignedTo={item.assignedTo}
        onToggle={(memberId) => assign.mutate(memberId)}
        target={
          <Group gap={6} wrap="nowrap" px={6} py={4}>
            {item.assignedTo.length > 0 ? (
              <MemberAvatars ids={item.assignedTo} members={members} size={28} max={4} />
            ) : (
              <Tooltip label="Assign">
                <Avatar size={28} radius="xl" variant="outline" color="gray">
                  <IconUserPlus size={16} />
                </Avatar>
              </Tooltip>
            )}
            <Text size="sm" c="dimmed">
              Assign
            </Text>
          </Group>
        }
      />
    </Group>
  );
}
