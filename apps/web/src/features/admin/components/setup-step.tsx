import { useEffect } from 'react';
import { Center, Code, Group, Image, Loader, Stack, Text } from '@mantine/core';
import type { SecondFactorStatus } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useConfirmSecondFactorSetup, useStartSecondFactorSetup } from '../api/second-factor';
import { CodeForm } from './code-form';
import { StepCard } from './step-card';

/** The setup, once: scan the QR code (or type the key), then confirm with the first code the app shows. */
export function SetupStep({
  onConfirmed,
}: {
  onConfirmed: (codes: string[], status: SecondFactorStatus) => void;
}) {
  const start = useStartSecondFactorSetup();
  const confirm = useConfirmSecondFactorSetup();
  const { mutate: startSetup } = start;
  useEffect(() => startSetup(), [startSetup]);

  return (
    <StepCard
      title="Set up your authenticator app"
      hint="The admin area needs a second factor. Scan the QR code with Google Authenticator, 1Password, Authy or any TOTP app, then enter the 6-digit code it shows."
    >
      {start.isError && <LoadFailed message={start.error.message} onRetry={() => startSetup()} />}
      {start.isPending && (
        <Center h={220}>
          <Loader aria-label="Preparing the QR code" />
        </Center>
      )}
      {start.data && (
        <Stack gap="md">
          <Group justify="center">
            <Image src={start.data.qrDataUrl} alt="QR code for your authenticator app" w={200} h={200} />
          </Group>
          <Stack gap={4} align="center">
            <Text size="xs" c="dimmed">
              Or enter this key by hand
            </Text>
            <Code fz="sm" data-testid="totp-secret" style={{ letterSpacing: '0.08em' }}>
              {start.data.secret}
            </Code>
          </Stack>
          <CodeForm
            label="6-digit code"
            submitLabel="Confirm"
            pending={confirm.isPending}
            error={confirm.error?.message ?? null}
            onSubmit={(code) =>
              confirm.mutate(code, { onSuccess: (r) => onConfirmed(r.recoveryCodes, r.status) })
            }
          />
        </Stack>
      )}
    </StepCard>
  );
}
