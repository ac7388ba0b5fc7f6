import {
  formatCount,
  messages,
  DEFAULT_END_HOUR,
  DEFAULT_START_HOUR,
  DEFAULT_WEEK_DAYS,
  type BuilderDraft,
  type CallPhoneType,
  type CampaignTypeName,
  type FollowUpStep,
} from '@prospector/core';
import { dayOf, type Day } from './builder-dates';

/** All contacts, some lists, or the selection a bulk action handed over ("these N records"). */
export type TargetKind = 'all' | 'lists' | 'selection';

/** A finished `campaign` bulk job: its contacts, frozen when it ran (ADR 037). */
export type Audience = { jobId: string; count: number };

/** What the builder collects over its three steps (spec part 2 §3 Campaign draft). */
export type CampaignDraft = {
  campaignType: CampaignTypeName | null;
  target: TargetKind;
  listIds: string[];
  /** The selection the builder was opened with, if any. */
  audience: Audience | null;
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
  audience: Audience | null = null,
): CampaignDraft {
  return {
    campaignType,
    target: audience ? 'selection' : listIds.length > 0 ? 'lists' : 'all',
    listIds,
    audience,
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

/** The lists the contacts come from: none means all contacts (or the selection). */
export function targetListIds(draft: Pick<CampaignDraft, 'target' | 'listIds'>): string[] {
  return draft.target === 'lists' ? draft.listIds : [];
}

/** The bulk job whose contacts are the audience, when the target is the selection. */
export function targetAudienceJobId(draft: Pick<CampaignDraft, 'target' | 'audience'>): string | null {
  return draft.target === 'selection' ? (draft.audience?.jobId ?? null) : null;
}

/** "These 1,240 records". */
export const audienceLabel = (audience: Audience) => messages.bulk.audience(formatCount(audience.count));

/** The selection a bulk action handed over in the navigation state (`{ audience }`), if any. */
export function audienceFromState(state: unknown): Audience | null {
  const a = (state as { audience?: Partial<Audience> } | null)?.audience;
  return typeof a?.jobId === 'string' && typeof a.count === 'number'
    ? { jobId: a.jobId, count: a.count }
    : null;
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
