import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Stepper } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconRocket } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { BuilderStep } from '@prospector/core';
import { LazyBoundary, lazyNamed } from '../../../components/lazy-load';
import { PageTitle } from '../../../components/page-title';
import { useStatusCounts } from '../api/count-items';
import { useLaunchCampaign } from '../api/launch-campaign';
import { useCampaignDraft } from '../hooks/use-campaign-draft';
import { builderCheck } from '../utils/builder-checks';
import {
  audienceFromState,
  campaignTypeFromState,
  listIdsFromState,
  targetAudienceJobId,
  targetListIds,
} from '../utils/campaign-draft';
import { toLaunchBody } from '../utils/launch-body';
import { FilterStep } from './filter-step';
import { ScheduleStep } from './schedule-step';
import { paths } from '@prospector/core';

// The last step (templates, devices) loads when the builder reaches it: the builder's first step stays
// within the logged-in budget (ADR 017).
const FinalizeStep = lazyNamed(() => import('./finalize-step'), 'FinalizeStep');

const LAST_STEP: BuilderStep = 2;

/** What the status picker shows instead of its statuses, if anything. */
function countsPlaceholder(
  hasTarget: boolean,
  counts: { isError: boolean; isPending: boolean },
  statuses: number,
): string | null {
  if (!hasTarget) return 'Choose at least one list to see its contacts by status.';
  if (counts.isError) return 'The contacts could not be counted.';
  if (counts.isPending) return 'Counting contacts…';
  if (statuses === 0) return 'Your team has no statuses yet.';
  return null;
}

/** /campaign-builder (spec part 2 §2): three steps, each checked before the next (part 2 §5). */
export function CampaignBuilder({ timeZone }: { timeZone: string | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const controls = useCampaignDraft(
    listIdsFromState(location.state),
    timeZone,
    campaignTypeFromState(location.state),
    audienceFromState(location.state),
  );
  const { draft } = controls;
  const [step, setStep] = useState<BuilderStep>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const launch = useLaunchCampaign();

  const listIds = targetListIds(draft);
  const audienceJobId = targetAudienceJobId(draft);
  const hasTarget = draft.target === 'all' || listIds.length > 0 || audienceJobId !== null;
  const counts = useStatusCounts(
    { listIds, audienceJobId, lastContactedAt: draft.lastContactedAt, campaignType: draft.campaignType },
    hasTarget,
  );
  const rows = hasTarget ? (counts.data ?? []) : [];
  const count = rows.filter((r) => draft.statuses.includes(r._id)).reduce((sum, r) => sum + r.count, 0);
  // The count decides whether the first step may be left: wait for the target's own counts.
  const counting = hasTarget && (counts.isPending || counts.isPlaceholderData);
  const context = () => ({ count, timezone: timeZone, now: new Date() });
  // A problem stays on screen until it is fixed or the step changes.
  const shownProblem = problem && builderCheck(step, draft, context()) === problem ? problem : null;

  function goTo(next: BuilderStep) {
    setProblem(null);
    setStep(next);
  }

  function next() {
    const found = builderCheck(step, draft, context());
    setProblem(found);
    if (found) return;
    // For type Call, launch directly (spec part 2 §5): the contacts go to the callers' queues.
    if (draft.campaignType === 'Call') {
      launch.mutate(toLaunchBody(draft, timeZone ?? 'UTC'), {
        onSuccess: () => void navigate(paths.dialler),
      });
      return;
    }
    if (step < LAST_STEP) {
      goTo((step + 1) as BuilderStep);
      return;
    }
    // builderCheck has made sure the team has a time zone.
    launch.mutate(toLaunchBody(draft, timeZone!), { onSuccess: () => void navigate(paths.campaigns) });
  }

  return (
    <Stack gap="lg">
      <PageTitle>Campaign Builder</PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stepper
          active={step}
          onStepClick={(index) => index < step && goTo(index as BuilderStep)}
          allowNextStepsSelect={false}
          size="sm"
        >
          <Stepper.Step label="Filter Contacts" description="Who gets it">
            <FilterStep
              controls={controls}
              timeZone={timeZone}
              rows={rows}
              refreshing={hasTarget && counts.isFetching}
              placeholder={countsPlaceholder(hasTarget, counts, rows.length)}
            />
          </Stepper.Step>
          <Stepper.Step label="Set Schedule" description="When it texts">
            <ScheduleStep controls={controls} timeZone={timeZone} />
          </Stepper.Step>
          <Stepper.Step label="Finalize" description="Name, templates, devices">
            <LazyBoundary variant="screen" fallback={<Loader size="sm" />}>
              <FinalizeStep controls={controls} timeZone={timeZone} contacts={count} />
            </LazyBoundary>
          </Stepper.Step>
        </Stepper>
        <Stack gap="md" mt="xl">
          {shownProblem && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {shownProblem}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => goTo((step - 1) as BuilderStep)}
              disabled={step === 0 || launch.isPending}
            >
              Back
            </Button>
            {step < LAST_STEP && draft.campaignType !== 'Call' ? (
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={next}
                loading={step === 0 && counting}
              >
                Next
              </Button>
            ) : (
              <Button leftSection={<IconRocket size={16} />} onClick={next} loading={launch.isPending}>
                Launch campaign
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
