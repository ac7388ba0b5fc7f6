import { Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { messages, type NotificationDto } from '@prospector/core';
import { UnreadIconButton } from '../../../components/unread-icon-button';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkAllSeen, useMarkRead } from '../api/mark-notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { NotificationRow } from './notification-row';

type NotificationsButtonProps = {
  onOpenItem: (id: string) => void;
  timeZone?: string | null;
};

/**
 * The top-bar bell (spec part 1 §2.6, §4): the unread count, live from the server; opening the panel
 * marks everything seen; a notification opens its record and is marked read.
 */
export function NotificationsButton({ onOpenItem, timeZone }: NotificationsButtonProps) {
  useLiveNotifications();
  const list = useNotifications();
  const markAllSeen = useMarkAllSeen();
  const markAllRead = useMarkAllRead();
  const markRead = useMarkRead();
  const [opened, panel] = useDisclosure(false);
  const unread = list.data?.unread ?? 0;

  function open() {
    panel.open();
    if ((list.data?.unseen ?? 0) > 0 || list.data?.notifications.some((n) => !n.seen)) markAllSeen.mutate();
  }

  function openNotification(n: NotificationDto) {
    if (!n.read) markRead.mutate(n._id);
    if (n.targetId) {
      panel.close();
      onOpenItem(n.targetId);
    }
  }

  return (
    <>
      <UnreadIconButton
        name="Notifications"
        unread={unread}
        icon={<IconBell size={20} stroke={1.7} />}
        onClick={open}
        testId="notifications-badge"
      />
      <Drawer
        opened={opened}
        onClose={panel.close}
        position="right"
        size="sm"
        title="Notifications"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconChecks size={14} />}
              onClick={() => markAllRead.mutate()}
              disabled={unread === 0}
              loading={markAllRead.isPending}
            >
              {messages.records.markAllRead}
            </Button>
          </Group>
          {list.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading notifications" />
            </Center>
          ) : list.data?.notifications.length ? (
            <Stack gap={4}>
              {list.data.notifications.map((n) => (
                <NotificationRow
                  key={n._id}
                  notification={n}
                  timeZone={timeZone}
                  onClick={openNotification}
                />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              No notifications yet.
            </Text>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
