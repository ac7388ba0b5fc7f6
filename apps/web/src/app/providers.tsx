import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazyNamed, usePreload } from '../components/lazy-load';
import { theme } from '../config/theme';
import { queryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';

// No page needs the toasts' container to show itself: in a session its code is fetched once the page
// is idle; a logged-out visitor fetches it with the first toast, which waits for it in the store, so
// the landing and its login form stay light (issue 30). It mounts with the first toast.
const Toasts = lazyNamed(() => import('./toasts'), 'Toasts');

function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const inSession = useSessionStore((state) => state.token !== null);
  usePreload(Toasts, inSession ? 'idle' : 'never');
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

type AppProvidersProps = {
  children: ReactNode;
  /** 'test' turns Mantine's transitions and portals off (jsdom has no layout to place them by). */
  env?: 'default' | 'test';
};

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
        <LazyToasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
