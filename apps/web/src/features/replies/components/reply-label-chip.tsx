import { Badge, Group, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconEye } from '@tabler/icons-react';
import {
  messages,
  REPLY_LABEL_NAMES,
  REPLY_LABELS,
  type ReplyLabel,
  type ReplyLabelDto,
} from '@prospector/core';
import { useCorrectReplyLabel } from '../api/correct-reply-label';
import { useReplyLabels } from '../api/list-reply-labels';

export const LABEL_COLORS: Record<ReplyLabel, string> = {
  opt_out: 'red',
  wrong_number: 'gray',
  not_owner: 'gray',
  not_interested: 'orange',
  interested: 'green',
  question: 'blue',
  callback: 'teal',
  later: 'violet',
  other: 'gray',
};

function sourceText(label: ReplyLabelDto) {
  if (label.source === 'member') return 'Set by a member';
  if (label.source === 'rule') return 'Set by the opt-out and wrong-number rules';
  return `The team's model, ${Math.round(label.confidence * 100)}% sure`;
}

/**
 * A received text's label, under its bubble: a click opens the labels, a second click on one changes
 * it (the team's model learns it). "Needs a look" when the model was unsure and nobody has looked.
 */
export function ReplyLabelChip({ itemId, messageId }: { itemId: string; messageId: string }) {
  const label = useReplyLabels(itemId).data?.find((l) => l.messageId === messageId);
  const correct = useCorrectReplyLabel(itemId);
  if (!label) return null;
  return (
    <Group gap={4} mt={4} data-testid="reply-label">
      <Menu position="bottom-start" shadow="md" withinPortal>
        <Menu.Target>
          <Tooltip label={sourceText(label)} openDelay={400}>
            <UnstyledButton aria-label={`Label: ${REPLY_LABEL_NAMES[label.label]}. Change it`}>
              <Badge
                size="sm"
                radius="sm"
                variant={label.source === 'member' ? 'filled' : 'light'}
                color={LABEL_COLORS[label.label]}
                rightSection={<IconChevronDown size={10} />}
                style={{ cursor: 'pointer', textTransform: 'none' }}
              >
                {REPLY_LABEL_NAMES[label.label]}
              </Badge>
            </UnstyledButton>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Label this reply</Menu.Label>
          {REPLY_LABELS.map((l) => (
            <Menu.Item
              key={l}
              leftSection={<Badge size="xs" circle color={LABEL_COLORS[l]} children=" " />}
              rightSection={l === label.label ? <IconCheck size={14} /> : null}
              onClick={() => l !== label.label && correct.mutate({ messageId, label: l })}
            >
              {REPLY_LABEL_NAMES[l]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {label.needsLook && (
        <Badge
          size="sm"
          radius="sm"
          variant="outline"
          color="yellow.8"
          leftSection={<IconEye size={10} />}
          style={{ textTransform: 'none' }}
        >
          {messages.replies.needsLook}
        </Badge>
      )}
    </Group>
  );
}
