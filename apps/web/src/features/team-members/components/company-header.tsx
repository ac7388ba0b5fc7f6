import { Avatar, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useUploadCompanyAvatar } from '../api/upload-company-avatar';
import { AvatarProblem, AvatarUploadButton, useAvatarUpload } from './avatar-upload-button';

export type CompanyProfile = { name: string; avatar: string | null };

type CompanyHeaderProps = {
  company: CompanyProfile;
  /** Only the admin uploads the company avatar. */
  canUpload: boolean;
};

/** The company above its team: logo and name, and 'Upload logo' for the admin. */
export function CompanyHeader({ company, canUpload }: CompanyHeaderProps) {
  const upload = useUploadCompanyAvatar();
  const { pick, problem } = useAvatarUpload((file) => upload.mutateAsync(file));
  // The answer shows at once; the current user catches up through `teamProfileChanged`.
  const shown = upload.data ?? company;
  return (
    <Paper component="section" aria-label="Company" withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="nowrap" gap="lg">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar src={shown.avatar} size={56} radius="md" color="brand" alt={`${shown.name} logo`}>
              <IconBuilding size={26} stroke={1.6} />
            </Avatar>
            <Box miw={0}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                Company
              </Text>
              <Text fw={700} size="lg" truncate>
                {shown.name}
              </Text>
            </Box>
          </Group>
          {canUpload && (
            <AvatarUploadButton
              label="Upload logo"
              onPick={(file) => void pick(file)}
              pending={upload.isPending}
            />
          )}
        </Group>
        <AvatarProblem problem={problem} />
      </Stack>
    </Paper>
  );
}
