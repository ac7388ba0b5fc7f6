import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CampaignDto } from '@prospector/core';
import { useRemoveCampaign } from '../api/remove-campaign';

type DeleteCampaignModalProps = {
  /** The campaign to delete; null: the modal is closed. */
  campaign: Pick<CampaignDto, '_id' | 'name'> | null;
  onClose: () => void;
};

/** Asks before a campaign is deleted. */
export function DeleteCampaignModal({ campaign, onClose }: DeleteCampaignModalProps) {
  const remove = useRemoveCampaign();

  function confirm() {
    if (!campaign) return;
    remove.mutate(campaign._id, { onSuccess: onClose });
  }

  return (
    <Modal opened={campaign !== null} onClose={onClose} title={<Text fw={700}>Delete campaign</Text>}>
      {campaign && (
        <Stack gap="md">
          <Text size="sm">
            Delete <b>{campaign.name}</b>? It stops texting at once. Texts already sent and their replies stay
            in your conversations.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Delete campaign
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
