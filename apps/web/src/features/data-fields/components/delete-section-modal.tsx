import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages, type DataSection } from '@prospector/core';

type DeleteSectionModalProps = {
  section: DataSection | null;
  onConfirm: (section: DataSection) => void;
  onClose: () => void;
};

/** Asks before a section and its fields go; Cancel and Escape leave it as it was. */
export function DeleteSectionModal({ section, onConfirm, onClose }: DeleteSectionModalProps) {
  return (
    <Modal opened={section !== null} onClose={onClose} title={<Text fw={700}>Delete section</Text>}>
      <Stack gap="lg">
        <Text size="sm">
          {messages.dataFields.deleteSectionConfirm.replace('{name}', section?.name || 'Untitled section')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => section && onConfirm(section)}>
            Delete section
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
