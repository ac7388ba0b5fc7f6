import {
  builderProblem,
  followUpsProblem,
  isEndDateAllowed,
  isLastContactedAllowed,
  messages,
  type BuilderStep,
} from '@prospector/core';
import { middayOf } from './builder-dates';
import { toBuilderDraft, type CampaignDraft } from './campaign-draft';

export type CheckContext = { count: number; timezone: string | null; now: Date };

/** The browser's zone stands in for the date checks when the team has none (launch then asks for one). */
function zoneOf(timezone: string | null): string {
  return timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Why the builder cannot leave `step` (2 = launch): first the spec's checks in their order
 * (builderProblem), then the pickers' own limits, in case time moved on while the builder was open.
 */
export function builderCheck(step: BuilderStep, draft: CampaignDraft, ctx: CheckContext): string | null {
  const problem = builderProblem(step, toBuilderDraft(draft), ctx);
  if (problem) return problem;
  if (draft.campaignType === 'Call') return followUpsProblem(draft.followUps, 'Call');
  if (draft.lastContactedAt && !isLastContactedAllowed(new Date(draft.lastContactedAt), ctx.now))
    return messages.campaigns.lastContactedTooLate;
  if (step === 0) return null;
  if (draft.endHour <= draft.startHour) return messages.campaigns.hoursOrder;
  const zone = zoneOf(ctx.timezone);
  if (draft.hasEnd && draft.endDate && !isEndDateAllowed(middayOf(draft.endDate, zone), ctx.now, zone))
    return messages.campaigns.endBeforeToday;
  if (step === 2) return followUpsProblem(draft.followUps);
  return null;
}
