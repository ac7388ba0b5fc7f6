import { useNavigate } from 'react-router';
import { paths } from '@prospector/core';

/** The campaign builder opens with the chosen list(s) as its target (spec part 2 §2). */
export function useOpenCampaignBuilder() {
  const navigate = useNavigate();
  return (listId: string) => void navigate(paths.campaignBuilder, { state: { listIds: [listId] } });
}
