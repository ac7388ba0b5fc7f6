import type { CampaignDto } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useRemoveCampaign } from '../api/remove-campaign';

type DeleteCampaignModalProps = {
  /** The campaign to delete; null: the modal is closed. */
  campaign: Pick<CampaignDto, '_id' | 'name' | 'campaignType'> | null;
  onClose: () => void;
};

/** Asks before a campaign is deleted. */
export function DeleteCampaignModal({ campaign, onClose }: DeleteCampaignModalProps) {
  const remove = useRemoveCampaign();
  return (
    <ConfirmModal
      opened={campaign !== null}
      title="Delete campaign"
      confirmLabel="Delete campaign"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => campaign && remove.mutate(campaign._id, { onSuccess: onClose })}
    >
      Delete <b>{campaign?.name}</b>?{' '}
      {campaign?.campaignType === 'Call'
        ? 'Contacts already in the callers’ queues stay there until called or unqueued, and calls already made stay in each contact’s history.'
        : 'It stops texting at once. Texts already sent and their replies stay in your conversations.'}
    </ConfirmModal>
  );
}
