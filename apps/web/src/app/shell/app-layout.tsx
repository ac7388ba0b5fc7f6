import { Fragment, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, homeCountry, type CurrentUser } from '@prospector/core';
import { DisconnectedDevicesBanner, useLiveDevices } from '../../features/devices';
import { useInboxUnread, useLiveInbox } from '../../features/messenger';
import { useUnreadNotifications } from '../../features/notifications';
import { usePublicConfig } from '../../features/public-config';
import { useLiveReplyLabels } from '../../features/replies';
import { setHomeCountry } from '../../lib/phone-format';
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
  // Before any screen draws a phone: numbers of the team's country are national, others international.
  const country = homeCountry(user.team.country);
  setHomeCountry(country);
  useRecordEvents();
  useRefetchOnReconnect();
  // Chat images and voicemails, held as object URLs, exist only behind the login.
  const queryClient = useQueryClient();
  useEffect(() => revokeObjectUrlsOnRemoval(queryClient), [queryClient]);
  useProfileEvents(user._id);
  useLiveDevices();
  useLiveInbox();
  // Once for every screen that shows a reply's label (the record, the board's temperatures).
  useLiveReplyLabels();
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
        {/* A new home country draws every screen again, in the new format. */}
        <Fragment key={country}>{children}</Fragment>
      </AppShell.Main>
      <RecordModalHost key={country} user={user} />
    </AppShell>
  );
}
