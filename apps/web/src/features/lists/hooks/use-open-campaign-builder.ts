import { useNavigate } from 'react-router';

/** The campaign builder opens with the chosen list(s) as its target (spec part 2 §2). */
export function useOpenCampaignBuilder() {
  const navigate = useNavigate();
  return (listId: string) => void navigate('/campaign-builder', { state: { listIds: [listId] } });
}
