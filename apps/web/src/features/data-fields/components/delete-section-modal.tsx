import { messages, type DataSection } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';

type DeleteSectionModalProps = {
  section: DataSection | null;
  onConfirm: (section: DataSection) => void;
  onClose: () => void;
};

/** Asks before a section and its fields go; Cancel and Escape leave it as it was. */
export function DeleteSectionModal({ section, onConfirm, onClose }: DeleteSectionModalProps) {
  return (
    <ConfirmModal
      opened={section !== null}
      title="Delete section"
      confirmLabel="Delete section"
      onClose={onClose}
      onConfirm={() => section && onConfirm(section)}
    >
      {messages.dataFields.deleteSectionConfirm.replace('{name}', section?.name || 'Untitled section')}
    </ConfirmModal>
  );
}
