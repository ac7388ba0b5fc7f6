import { atHourInZone, DEFAULT_DAYS_TO_CHANGE_RECEIVER } from '@prospector/core';
import type { LaunchBody } from '../api/launch-campaign';
import { middayOf } from './builder-dates';
import { targetAudienceJobId, targetListIds, type CampaignDraft } from './campaign-draft';

/**
 * The launch call for a draft. Hours become ISO instants in the team's time zone: startTime and
 * endTime are the start and end hours of the start day, startDate is the start day at the start
 * hour and endDate the end day at the end hour (the server keeps the hours in the team's zone).
 */
export function toLaunchBody(draft: CampaignDraft, timeZone: string): LaunchBody {
  const at = (day: string, hour: number) =>
    atHourInZone(middayOf(day, timeZone), hour, timeZone).toISOString();
  const endDate = draft.hasEnd && draft.endDate ? at(draft.endDate, draft.endHour) : null;
  return {
    name: draft.name.trim(),
    campaignType: draft.campaignType,
    listIds: targetListIds(draft),
    audienceJobId: targetAudienceJobId(draft),
    statuses: draft.statuses,
    lastContactedAt: draft.lastContactedAt,
    weekDays: [...draft.weekDays].sort((a, b) => a - b),
    startTime: at(draft.startDate, draft.startHour),
    endTime: at(draft.startDate, draft.endHour),
    startDate: at(draft.startDate, draft.startHour),
    endDate,
    hasEnd: endDate !== null,
    groupIds: draft.groupIds,
    devices: draft.devices,
    daysToChangeReceiver: DEFAULT_DAYS_TO_CHANGE_RECEIVER,
    smsFallback: false,
    phoneType: draft.campaignType === 'Call' ? draft.phoneType : null,
    // A call campaign's follow-ups call again: no template groups.
    followUps:
      draft.campaignType === 'Call'
        ? draft.followUps.map((f) => ({ afterDays: f.afterDays, groupIds: [] }))
        : draft.followUps,
  };
}
