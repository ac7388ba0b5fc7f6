import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { deviceStepProblem } from '@prospector/core';
import { useOnboardingDevices } from '../api/devices';
import { useStepGate } from './step-gate';
import { StepHeading } from './step-heading';

/**
 * Step 3: at least one connected phone (spec part 2 §5 'Onboarding gates'). `connect` adds one right
 * here (Android, or a Mac with its iPhone, or a simulated phone) and shows it connect; composed by the app.
 */
export function DeviceStep({ connect }: { connect: ReactNode }) {
  const devices = useOnboardingDevices();
  const connected = (devices.data ?? []).filter((d) => !d.isComputer && d.connected).length;
  useStepGate(() => deviceStepProblem(connected));

  return (
    <Stack gap="lg">
      <StepHeading title="Connect a device">
        Prospector texts through your own phones, so replies come back to the same number. Add one and run its
        app: you can go on once it is connected.
      </StepHeading>
      {connect}
    </Stack>
  );
}
