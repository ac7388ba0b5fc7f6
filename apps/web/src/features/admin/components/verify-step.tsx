import { messages } from '@prospector/core';
import { notifySuccess } from '../../../lib/notify';
import { useVerifySecondFactor } from '../api/second-factor';
import { CodeForm } from './code-form';
import { StepCard } from './step-card';

/** A code for this session: asked at each login and again every 12 hours. */
export function VerifyStep() {
  const verify = useVerifySecondFactor();
  return (
    <StepCard
      title={messages.admin.secondFactorRequired}
      hint="Enter the 6-digit code your authenticator app shows. It is asked once per login and again after 12 hours."
    >
      <CodeForm
        label="Authentication code"
        description="Lost your phone? Enter one of your recovery codes instead."
        submitLabel="Verify"
        pending={verify.isPending}
        error={verify.error?.message ?? null}
        onSubmit={(code) =>
          verify.mutate(code, {
            onSuccess: ({ usedRecoveryCode, status }) =>
              notifySuccess(
                usedRecoveryCode
                  ? messages.admin.recoveryCodeUsed.replace('{left}', String(status.recoveryCodesLeft))
                  : messages.admin.secondFactorVerified,
              ),
          })
        }
      />
    </StepCard>
  );
}
