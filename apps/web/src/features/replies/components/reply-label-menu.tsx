import { ActionIcon, Badge, Group, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconEye } from '@tabler/icons-react';
import {
  messages,
  REPLY_LABEL_NAMES,
  REPLY_LABELS,
  type ReplyLabel,
  type ReplyLabelDto,
} from '@prospector/core';

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

export type ShownLabel = Pick<ReplyLabelDto, 'label' | 'confidence' | 'needsLook' | 'source'>;

function sourceText(label: ShownLabel) {
  if (label.source === 'member') return 'Set by a member';
  if (label.source === 'rule') return 'Set by the opt-out and wrong-number rules';
  return `The team's model, ${Math.round(label.confidence * 100)}% sure`;
}

/**
 * A label as a chip: a click opens the labels and a click on one sets it (the team's model learns it).
 * "Needs a look" beside it while the model was unsure and nobody has looked; its check keeps the label
 * as it is in one click, as does picking the same label in the menu.
 */
export function ReplyLabelMenu({
  label,
  onPick,
}: {
  label: ShownLabel;
  onPick: (label: ReplyLabel) => void;
}) {
  const name = REPLY_LABEL_NAMES[label.label];
  return (
    <Group gap={4} wrap="nowrap" data-testid="reply-label">
      <Menu position="bottom-start" shadow="md" withinPortal>
        <Menu.Target>
          <Tooltip label={sourceText(label)} openDelay={400}>
            <UnstyledButton aria-label={`Label: ${name}. Change it`} style={{ display: 'inline-flex' }}>
              <Badge
                size="sm"
                radius="sm"
                variant={label.source === 'member' ? 'filled' : 'light'}
                color={LABEL_COLORS[label.label]}
                rightSection={<IconChevronDown size={10} />}
                style={{ cursor: 'pointer', textTransform: 'none' }}
              >
                {name}
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
              onClick={() => (l !== label.label || label.needsLook) && onPick(l)}
            >
              {REPLY_LABEL_NAMES[l]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {label.needsLook && (
        <>
          <Badge
            size="sm"
            radius="sm"
            variant="outline"
            color="yellow.8"
            leftSection={<IconEye size={10} />}
            style={{ textTransform: 'none', flexShrink: 0 }}
          >
            {messages.replies.needsLook}
          </Badge>
          <Tooltip label={`Keep ${name}`} openDelay={200}>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="green"
              aria-label={`Keep the label ${name}`}
              onClick={() => onPick(label.label)}
            >
              <IconCheck size={14} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
