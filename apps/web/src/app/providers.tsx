import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazyNamed } from '../components/lazy-load';
import { theme } from '../config/theme';
import { runWhenIdle } from '../lib/idle';
import { queryClient } from '../lib/query-client';

// No page needs the toasts' container to show itself: it loads with the first toast, or once the
// page is idle, whichever comes first; a toast shown before it is kept by the store until then.
const Toasts = lazyNamed(() => import('./toasts'), 'Toasts');

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => runWhenIdle(() => setIdle(true)), []);
  return idle;
}

function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const idle = useIdle();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (idle || notifications.length > 0 || queue.length > 0)) setWanted(true);
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
