import { useEffect } from 'react';
import { Title } from '@mantine/core';

/** The heading of a screen; also names the browser tab. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Prospector`;
    return () => {
      document.title = 'Prospector';
    };
  }, [children]);
  return (
    <Title order={1} fz={26} fw={700} style={{ letterSpacing: '-0.01em' }}>
      {children}
    </Title>
  );
}
