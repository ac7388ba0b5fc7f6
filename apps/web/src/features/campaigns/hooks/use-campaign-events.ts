import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { campaignsKeys } from '../api/campaigns-keys';

/**
 * A campaign was launched, paused, resumed, finished, removed or sent texts (`campaignChanged`): the
 * campaigns page and that campaign's figures are fetched again.
 */
export function useCampaignEvents() {
  const queryClient = useQueryClient();
  useServerEvent('campaignChanged', ({ campaignId }) => {
    void queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: campaignsKeys.stats(campaignId) });
  });
}
