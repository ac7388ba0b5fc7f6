import { Modal, ScrollArea } from '@mantine/core';
import { LEGAL_TITLES, type LegalKind } from './legal-kinds';
import { LegalText } from './legal-text';

/** How a legal text is framed as a modal, wherever it is opened from. */
export const LEGAL_MODAL_PROPS = {
  size: 'xl',
  padding: 'xl',
  scrollAreaComponent: ScrollArea.Autosize,
  styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } },
} as const;

type LegalModalProps = { kind: LegalKind; opened: boolean; onClose: () => void };

/** Privacy Policy or Terms as a modal over the page (spec part 1 §2.1); Escape closes it. */
export function LegalModal({ kind, opened, onClose }: LegalModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={LEGAL_TITLES[kind]} {...LEGAL_MODAL_PROPS}>
      <LegalText kind={kind} />
    </Modal>
  );
}
