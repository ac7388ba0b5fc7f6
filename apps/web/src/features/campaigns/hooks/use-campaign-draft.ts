import { useState } from 'react';
import { defaultLastContacted, NOT_CONTACTED, type CampaignTypeName } from '@prospector/core';
import type { StatusCount } from '../api/count-items';
import { addDays } from '../utils/builder-dates';
import { initialDraft, type Audience, type CampaignDraft } from '../utils/campaign-draft';

/** How many days after its start a new end date falls. */
const DEFAULT_RUN_DAYS = 7;

/** The builder's draft with the spec's linked changes (part 2 §4): statuses fill last contacted, dates stay in order. */
export function useCampaignDraft(
  listIds: string[],
  timeZone: string | null,
  campaignType?: CampaignTypeName,
  audience: Audience | null = null,
) {
  const [draft, setDraft] = useState(() =>
    initialDraft(listIds, new Date(), timeZone, campaignType, audience),
  );

  function update(patch: Partial<CampaignDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
  }

  /** Choosing a status other than 'Not contacted' sets last contacted to 7 days back when it is empty. */
  function chooseStatuses(statuses: string[], rows: readonly StatusCount[]) {
    const contacted = rows.some((row) => statuses.includes(row._id) && row.text !== NOT_CONTACTED);
    setDraft((current) => ({
      ...current,
      statuses,
      lastContactedAt:
        contacted && !current.lastContactedAt
          ? defaultLastContacted(new Date()).toISOString()
          : current.lastContactedAt,
    }));
  }

  function setStartDate(startDate: string) {
    setDraft((current) => ({
      ...current,
      startDate,
      endDate: current.endDate && current.endDate < startDate ? startDate : current.endDate,
    }));
  }

  function setHasEnd(hasEnd: boolean) {
    setDraft((current) => ({
      ...current,
      hasEnd,
      endDate: current.endDate ?? addDays(current.startDate, DEFAULT_RUN_DAYS),
    }));
  }

  return { draft, update, chooseStatuses, setStartDate, setHasEnd };
}

export type DraftControls = ReturnType<typeof useCampaignDraft>;
