import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseButton } from '@mantine/core';
import classes from './native-dialog.module.css';

type NativeDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Its width in px; the dialog never overflows a narrow screen. */
  width?: number;
  children: ReactNode;
};

/**
 * A modal on the browser's own `<dialog>`: the top layer, focus moved in and kept, the page behind
 * inert, Escape closing the topmost only. The landing's login uses it instead of Mantine's Modal so
 * its first page stays within budget (issue 30); a dialog opened inside it stacks above it.
 */
export function NativeDialog({ opened, onClose, title, width = 440, children }: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) dialog.showModal();
    if (!opened && dialog.open) dialog.close();
  }, [opened]);
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      style={{ ['--dialog-width' as string]: `${width}px` }}
      aria-labelledby={titleId}
      onClose={(event) => {
        // A nested dialog's close is its own.
        if (event.target === event.currentTarget && opened) onClose();
      }}
    >
      <div className={classes.header}>
        <h2 id={titleId} className={classes.title}>
          {title}
        </h2>
        <CloseButton aria-label="Close" onClick={onClose} />
      </div>
      <div className={classes.body}>{children}</div>
    </dialog>
  );
}
