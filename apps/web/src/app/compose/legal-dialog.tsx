import { LEGAL_TITLES, type LegalKind } from './legal-kinds';
import { LegalText } from './legal-text';
import { NativeDialog } from './native-dialog';

type LegalDialogProps = { kind: LegalKind; opened: boolean; onClose: () => void };

/** Privacy Policy or Terms above the login dialog: Escape closes only this one, the form survives. */
export function LegalDialog({ kind, opened, onClose }: LegalDialogProps) {
  return (
    <NativeDialog opened={opened} onClose={onClose} title={LEGAL_TITLES[kind]} width={780}>
      <LegalText kind={kind} />
    </NativeDialog>
  );
}
