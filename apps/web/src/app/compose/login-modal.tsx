import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { LEGAL_TITLES, type LegalKind } from './legal-kinds';
import { LEGAL_MODAL_PROPS } from './legal-modals';
import { LegalText } from './legal-text';
import { LoginPanel } from './login-panel';

type LoginModalProps = { opened: boolean; onClose: () => void };

/**
 * The login dialog of the landing page. Terms and Privacy open on a modal stack above it, so
 * Escape closes only the top one and the half-filled form survives.
 */
export function LoginModal({ opened, onClose }: LoginModalProps) {
  const [legal, setLegal] = useState<LegalKind | null>(null);
  return (
    <Modal.Stack>
      <Modal
        stackId="login"
        opened={opened}
        onClose={onClose}
        size={440}
        padding="xl"
        title="Log in or create your account"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            We e-mail you a one-time code. No password needed.
          </Text>
          <LoginPanel onDone={onClose} onOpenLegal={setLegal} />
        </Stack>
      </Modal>
      <Modal
        stackId="legal"
        opened={opened && legal !== null}
        onClose={() => setLegal(null)}
        title={legal ? LEGAL_TITLES[legal] : undefined}
        {...LEGAL_MODAL_PROPS}
      >
        {legal && <LegalText kind={legal} />}
      </Modal>
    </Modal.Stack>
  );
}
