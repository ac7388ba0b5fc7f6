import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import {
  ONBOARDING_SEGMENTS,
  ONBOARDING_SUBTEMPLATES_STEP,
  resumeOnboardingStep,
  type CurrentUser,
} from '@prospector/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useBoarded } from '../api/boarded';
import { useOnboardingDevices } from '../api/devices';
import { useOnboardingStatuses } from '../api/statuses';
import { useOnboardingTemplates } from '../api/templates';
import { AllSetStep } from './all-set-step';
import { CompanyStep } from './company-step';
import { DeviceStep } from './device-step';
import { OnboardingProgress } from './onboarding-progress';
import { OnboardingWelcome } from './onboarding-welcome';
import { StatusStep } from './status-step';
import { problemOf, StepGateContext, type StepGate } from './step-gate';
import { SubtemplatesStep } from './subtemplates-step';
import { TemplatesStep } from './templates-step';
import { TimezoneStep } from './timezone-step';

type OnboardingFlowProps = {
  user: CurrentUser;
  /** The logo; composed by the app. */
  brand: ReactNode;
  /** The 'Log out' action; composed by the app. */
  logout: ReactNode;
  /** The device step's way to add a phone and see it connect (the devices feature); composed by the app. */
  connectDevice: ReactNode;
  /** The server onboarded the team: the app updates its current user and opens the dashboard. */
  onFinished: (user: CurrentUser) => void;
};

const LAST = ONBOARDING_SEGMENTS; // 0 welcome, 1–6 the steps, 7 'All set!'

/**
 * One size for every screen, so the card and its buttons stay put from step to step (issue 30): as
 * tall as the window allows up to 780 px; a step with more (the device step) scrolls inside it.
 */
const CARD_HEIGHT = 'max(480px, min(780px, calc(100dvh - 120px)))';
const SUBTEMPLATES = ONBOARDING_SUBTEMPLATES_STEP;

/**
 * Where this user left off, from what the team already has (the same facts the server's gates read);
 * null while they load. A failed read starts at the welcome screen.
 */
function useResumeStep(user: CurrentUser): number | null {
  const devices = useOnboardingDevices();
  const templates = useOnboardingTemplates();
  const statuses = useOnboardingStatuses();
  const [start, setStart] = useState<number | null>(null);
  if (start !== null) return start;
  if (devices.isError || templates.isError || statuses.isError) {
    setStart(0);
    return 0;
  }
  if (!devices.data || !templates.data || !statuses.data) return null;
  const step = resumeOnboardingStep({
    companyName: user.team.name,
    userName: user.name,
    timezone: user.team.timezone,
    connectedDevices: devices.data.filter((d) => !d.isComputer && d.connected).length,
    filledGroups: templates.data.groups.filter((g) => g.count > 0).length,
    customStatuses: statuses.data.filter((s) => !s.builtIn).length,
  });
  setStart(step);
  return step;
}

/** The eight onboarding screens, resumed where the user left off after a reload. */
export function OnboardingFlow(props: OnboardingFlowProps) {
  const start = useResumeStep(props.user);
  if (start === null)
    return (
      <Center mih="100dvh" bg="gray.0">
        <Loader aria-label="Loading your setup" />
      </Center>
    );
  return <OnboardingScreens {...props} start={start} />;
}

/** The screens with their progress bar, BACK and NEXT (Proceed on the last). */
function OnboardingScreens({
  user,
  brand,
  logout,
  connectDevice,
  onFinished,
  start,
}: OnboardingFlowProps & { start: number }) {
  const [step, setStep] = useState(start);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [saved, setSaved] = useState({
    companyName: user.team.name,
    userName: user.name,
    timezone: user.team.timezone,
  });
  const gate = useRef<StepGate | null>(null);
  const register = useCallback((g: StepGate | null) => {
    gate.current = g;
  }, []);
  const finish = useBoarded();

  const go = (to: number) => {
    setProblem(null);
    setStep(to);
  };
  const next = async () => {
    setChecking(true);
    try {
      const found = gate.current ? await gate.current() : null;
      if (found) setProblem(found);
      else go(step + 1);
    } finally {
      setChecking(false);
    }
  };
  const proceed = () =>
    finish.mutate(undefined, {
      onSuccess: (answer) => onFinished(answer.user),
      onError: (error) => setProblem(problemOf(error)),
    });

  return (
    <Center mih="100dvh" bg="gray.0" p="md">
      <Stack w="100%" maw={640} gap="lg">
        <Group justify="space-between">
          {brand}
          {logout}
        </Group>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 40 }}
          shadow="sm"
          component="section"
          aria-label="Setup"
          h={CARD_HEIGHT}
        >
          <Stack gap="xl" h="100%">
            <OnboardingProgress segments={ONBOARDING_SEGMENTS} completed={step} />
            {/* Typing or clicking in the step answers the last refusal: it is cleared until the next NEXT. */}
            <div
              onInput={() => setProblem(null)}
              onClick={() => setProblem(null)}
              // The step takes what the card leaves, and scrolls; room on the sides keeps focus rings whole.
              style={{ flex: 1, minHeight: 0, overflowY: 'auto', margin: -4, padding: 4 }}
            >
              <StepGateContext value={register}>
                {step === 0 && <OnboardingWelcome userName={saved.userName} />}
                {step === 1 && (
                  <CompanyStep
                    user={user}
                    saved={saved}
                    onSaved={(answers) => setSaved((s) => ({ ...s, ...answers }))}
                  />
                )}
                {step === 2 && (
                  <TimezoneStep
                    saved={saved.timezone}
                    onSaved={(timezone) => setSaved((s) => ({ ...s, timezone }))}
                  />
                )}
                {step === 3 && <DeviceStep connect={connectDevice} />}
                {step === SUBTEMPLATES && <SubtemplatesStep />}
                {step === 5 && <TemplatesStep />}
                {step === 6 && <StatusStep />}
                {step === LAST && <AllSetStep />}
              </StepGateContext>
            </div>
            {problem && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                disabled={step === 0 || checking || finish.isPending}
                onClick={() => go(step - 1)}
              >
                BACK
              </Button>
              <Group gap="sm">
                {step === SUBTEMPLATES && (
                  <Button variant="subtle" onClick={() => go(step + 1)}>
                    Skip
                  </Button>
                )}
                {step === LAST ? (
                  <Button
                    rightSection={<IconArrowRight size={16} />}
                    loading={finish.isPending}
                    onClick={proceed}
                  >
                    Proceed
                  </Button>
                ) : (
                  <Button
                    rightSection={<IconArrowRight size={16} />}
                    loading={checking}
                    onClick={() => void next()}
                  >
                    NEXT
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
