import { Box } from '@mantine/core';
import { useCorrectReplyLabel } from '../api/correct-reply-label';
import { useReplyLabels } from '../api/list-reply-labels';
import { ReplyLabelMenu } from './reply-label-menu';

/**
 * A received text's label, under its bubble: a click opens the labels, a second click on one changes
 * it (the team's model learns it). "Needs a look" when the model was unsure and nobody has looked.
 */
export function ReplyLabelChip({
  itemId,
  messageId,
  onCorrected,
}: {
  itemId: string;
  messageId: string;
  /** A member set the label here: lists that show it (the Messenger's rows) read it again. */
  onCorrected?: () => void;
}) {
  const label = useReplyLabels(itemId).data?.find((l) => l.messageId === messageId);
  const correct = useCorrectReplyLabel(itemId);
  if (!label) return null;
  return (
    <Box mt={4}>
      <ReplyLabelMenu
        label={label}
        onPick={(l) => correct.mutate({ messageId, label: l }, { onSuccess: onCorrected })}
      />
    </Box>
  );
}
