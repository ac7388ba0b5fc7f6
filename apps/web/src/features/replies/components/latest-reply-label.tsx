import type { InboxRow } from '@prospector/core';
import { useCorrectReplyLabel } from '../api/correct-reply-label';
import { ReplyLabelMenu } from './reply-label-menu';

type Props = {
  itemId: string;
  label: NonNullable<InboxRow['replyLabel']>;
  /** The correction went through: the list showing this label reads it again. */
  onCorrected: () => void;
};

/**
 * A list row's chip for the record's latest labelled reply (the Messenger): the chip of the thread,
 * changed in one click from the list. The pick shows at once and until the list has it; on an error
 * the row's own label shows again. Keyed by the row's label where used, so a new label starts afresh.
 */
export function LatestReplyLabel({ itemId, label, onCorrected }: Props) {
  const correct = useCorrectReplyLabel(itemId);
  const picked = correct.isError ? undefined : correct.variables?.label;
  const shown = picked
    ? { ...label, label: picked, source: 'member' as const, confidence: 1, needsLook: false }
    : label;
  return (
    <ReplyLabelMenu
      label={shown}
      onPick={(l) => correct.mutate({ messageId: label.messageId, label: l }, { onSuccess: onCorrected })}
    />
  );
}
