import {
  DEFAULT_END_HOUR,
  DEFAULT_START_HOUR,
  DEFAULT_WEEK_DAYS,
  type BuilderDraft,
  type CallPhoneType,
  type CampaignTypeName,
  type FollowUpStep,
} from '@prospector/core';
import { dayOf, type Day } from './builder-dates';

export type TargetKind = 'all' | 'lists';

/** What the builder collects over its three steps (spec part 2 §3 Campaign draft). */
export type CampaignDraft = {
  campaignType: CampaignTypeName | null;
  target: TargetKind;
  listIds: string[];
  /** Status ids. */
  statuses: string[];
  lastContactedAt: string | null;
  weekDays: number[];
  startHour: number;
  endHour: number;
  startDate: Day;
  hasEnd: boolean;
  endDate: Day | null;
  name: string;
  groupIds: string[];
  devices: string[];
  /** Follow-ups: "if no reply after N days, send from these template groups" (at most 5). */
  followUps: FollowUpStep[];
  /** The Call branch: which phones a call campaign dials. */
  phoneType: CallPhoneType;
};

/** A new draft: Text (or the type the opening screen asked for) to all contacts, or to the lists the builder was opened with; Mon–Fri, 10:00–18:00 from today. */
export function initialDraft(
  listIds: string[],
  now: Date,
  timeZone: string | null,
  campaignType: CampaignTypeName = 'Text',
): CampaignDraft {
  return {
    campaignType,
    target: listIds.length > 0 ? 'lists' : 'all',
    listIds,
    statuses: [],
    lastContactedAt: null,
    weekDays: [...DEFAULT_WEEK_DAYS],
    startHour: DEFAULT_START_HOUR,
    endHour: DEFAULT_END_HOUR,
    startDate: dayOf(now, timeZone),
    hasEnd: false,
    endDate: null,
    name: '',
    groupIds: [],
    devices: [],
    followUps: [],
    phoneType: 'All',
  };
}

/** The lists the contacts come from: none means all contacts. */
export function targetListIds(draft: Pick<CampaignDraft, 'target' | 'listIds'>): string[] {
  return draft.target === 'lists' ? draft.listIds : [];
}

export function toBuilderDraft(draft: CampaignDraft): BuilderDraft {
  return {
    campaignType: draft.campaignType,
    statuses: draft.statuses,
    weekDays: draft.weekDays,
    groupIds: draft.groupIds,
    name: draft.name,
    devices: draft.devices,
  };
}

/** The list ids a screen handed over in its navigation state (`{ listIds }`), if any. */
export function listIdsFromState(state: unknown): string[] {
  if (!state || typeof state !== 'object' || !('listIds' in state)) return [];
  const { listIds } = state as { listIds: unknown };
  return Array.isArray(listIds) ? listIds.filter((id): id is string => typeof id === 'string') : [];
}

/** The campaign type a screen handed over in its navigation state (`{ campaignType }`): the dialler's is Call. */
export function campaignTypeFromState(state: unknown): CampaignTypeName | undefined {
  if (!state || typeof state !== 'object' || !('campaignType' in state)) return undefined;
  const { campaignType } = state as { campaignType: unknown };
  return campaignType === 'Call' || campaignType === 'Text' ? campaignType : undefined;
}
