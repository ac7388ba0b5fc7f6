import { Avatar, Group, Stack, Text } from '@mantine/core';
import { memberInitials, type TeamMemberDto } from '@prospector/core';
import { useChangeAvatar } from '../api/change-avatar';
import { AvatarProblem, AvatarUploadButton, useAvatarUpload } from './avatar-upload-button';

/** The viewer's own photo in their edit dialog: a member changes only their own. */
export function OwnPhoto({ member }: { member: TeamMemberDto }) {
  const change = useChangeAvatar();
  const { pick, problem } = useAvatarUpload((file) => change.mutateAsync(file));
  const avatar = change.data?.avatar ?? member.avatar;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Avatar src={avatar} size={64} radius="xl" color="brand" alt="Your photo">
        {memberInitials(member.name, member.email)}
      </Avatar>
      <Stack gap={6} align="flex-start">
        <div>
          <Text size="sm" fw={600}>
            Photo
          </Text>
          <Text size="xs" c="dimmed">
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </Text>
        </div>
        <AvatarUploadButton
          label="Change photo"
          onPick={(file) => void pick(file)}
          pending={change.isPending}
        />
        <AvatarProblem problem={problem} />
      </Stack>
    </Group>
  );
}
