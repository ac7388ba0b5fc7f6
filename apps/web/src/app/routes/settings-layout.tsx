import { Box, Divider, Group, NavLink, Paper, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { visibleSettingsEntries, type CurrentUser } from '@prospector/core';
import { useLogout } from '../../features/auth';

/** Settings menu (spec part 2 §2): Team and Other for everyone, the rest by permission, plus Logout. */
export function SettingsLayout({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      <Paper withBorder radius="lg" p="xs" w={220} style={{ flexShrink: 0 }}>
        <Stack gap={2} component="nav" aria-label="Settings">
          {visibleSettingsEntries(user).map((entry) => (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.to}
              label={entry.label}
              active={pathname === entry.to}
              variant="light"
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          ))}
          <Divider my={6} />
          {/* The spec's menu entry; the top bar keeps the 'Log out' button. */}
          <NavLink
            component="button"
            label="Logout"
            leftSection={<IconLogout size={16} />}
            onClick={() => logout.mutate()}
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        </Stack>
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Group>
  );
}
