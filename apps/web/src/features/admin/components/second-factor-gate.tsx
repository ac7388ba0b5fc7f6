import { useState, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import type { SecondFactorStatus } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useFinishSecondFactorSetup, useSecondFactor } from '../api/second-factor';
import { RecoveryCodesStep } from './recovery-codes-step';
import { SetupStep } from './setup-step';
import { VerifyStep } from './verify-step';

/**
 * The admin area opens only to a session that gave the second factor in the last 12 hours (ADR 025):
 * first the authenticator app's setup (QR code, a confirmation code, the recovery codes), later a code.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const status = useSecondFactor();
  const finish = useFinishSecondFactorSetup();
  const [confirmed, setConfirmed] = useState<{ codes: string[]; status: SecondFactorStatus } | null>(null);

  if (confirmed)
    return (
      <RecoveryCodesStep
        codes={confirmed.codes}
        onDone={() => {
          finish(confirmed.status);
          setConfirmed(null);
        }}
      />
    );
  if (status.isPending)
    return (
      <Center py={96}>
        <Loader aria-label="Loading" />
      </Center>
    );
  if (status.isError)
    return <LoadFailed message="The admin area could not be opened." onRetry={() => void status.refetch()} />;
  if (!status.data.enrolled)
    return <SetupStep onConfirmed={(codes, next) => setConfirmed({ codes, status: next })} />;
  if (!status.data.verified) return <VerifyStep />;
  return children;
}
