import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, type CurrentUser } from '@prospector/core';
import { DisconnectedDevicesBanner, useLiveDevices } from '../../features/devices';
import { useInboxUnread, useLiveInbox } from '../../features/messenger';
import { useUnreadNotifications } from '../../features/notifications';
import { usePublicConfig } from '../../features/public-config';
import { revokeObjectUrlsOnRemoval } from '../../lib/revoke-object-urls';
import { RecordModalHost } from '../compose/record-modal-host';
import { useProfileEvents } from '../realtime/use-profile-events';
import { useRecordEvents } from '../realtime/use-record-events';
import { useRefetchOnReconnect } from '../realtime/use-refetch-on-reconnect';
import { ConnectionBanner } from './connection-banner';
import { MainNav } from './main-nav';
import { SuspendedBanner } from './suspended-banner';
import { TopBar } from './top-bar';

/** The logged-in frame: top bar, left navigation, connection and devices banners, and the screen. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [navOpened, nav] = useDisclosure(false);
  useRecordEvents();
  useRefetchOnReconnect();
  // Chat images and voicemails, held as object URLs, exist only behind the login.
  const queryClient = useQueryClient();
  useEffect(() => revokeObjectUrlsOnRemoval(queryClient), [queryClient]);
  useProfileEvents(user._id);
  useLiveDevices();
  useLiveInbox();
  const messengerUnread = useInboxUnread(can(user, 'messenger')).data;
  const contactEmail = usePublicConfig().data?.contactEmail ?? null;
  const notificationsUnread = useUnreadNotifications().data;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <TopBar user={user} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <MainNav
            user={user}
            counters={{ dashboard: notificationsUnread, messenger: messengerUnread }}
            onNavigate={nav.close}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <ConnectionBanner />
        <SuspendedBanner user={user} />
        <DisconnectedDevicesBanner supportHref={contactEmail ? `mailto:${contactEmail}` : null} />
        {children}
      </AppShell.Main>
      <RecordModalHost user={user} />
    </AppShell>
  );
}
