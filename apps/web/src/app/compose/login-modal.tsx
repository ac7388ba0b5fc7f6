import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { LazyBoundary, lazyNamed } from '../../components/lazy-load';
import type { LegalKind } from './legal-kinds';
import { LoginPanel } from './login-panel';
import { NativeDialog } from './native-dialog';

// The legal texts are fetched when a visitor first opens one, not with the form.
const LegalDialog = lazyNamed(() => import('./legal-dialog'), 'LegalDialog', { onDemand: true });

type LoginModalProps = { opened: boolean; onClose: () => void };

/**
 * The login dialog of the landing page. Terms and Privacy open in a dialog inside it, above it, so
 * Escape closes only the top one and the half-filled form survives.
 */
export function LoginModal({ opened, onClose }: LoginModalProps) {
  const [legal, setLegal] = useState<LegalKind | null>(null);
  return (
    <NativeDialog opened={opened} onClose={onClose} title="Log in or create your account">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          We e-mail you a one-time code. No password needed.
        </Text>
        <LoginPanel onDone={onClose} onOpenLegal={setLegal} />
      </Stack>
      {legal && opened && (
        <LazyBoundary variant="overlay" fallback={null}>
          <LegalDialog kind={legal} opened onClose={() => setLegal(null)} />
        </LazyBoundary>
      )}
    </NativeDialog>
  );
}
