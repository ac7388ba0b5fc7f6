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

// No page needs the toasts' container to show itself: its code is fetched once the page is idle and
// it mounts with the first toast (the store keeps a toast shown before the code arrives).
const Toasts = lazyNamed(() => import('./toasts'), 'Toasts');

function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  usePreload(Toasts, 'idle');
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
