import type { ReactNode } from 'react';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';

/** Above this the badge says '99+'. */
const MAX_BADGE = 99;

/**
 * A header button with its unread count on a red badge (none at 0): the chats' and the notifications'.
 * Its name says the count too ('Chats, 3 unread'), so a screen reader hears what the badge shows.
 */
export function UnreadIconButton({
  name,
  unread,
  icon,
  onClick,
  testId,
}: {
  name: string;
  unread: number;
  icon: ReactNode;
  onClick: () => void;
  /** The badge's test id. */
  testId: string;
}) {
  return (
    <Tooltip label={name} withArrow>
      <Indicator
        label={unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}
        disabled={unread === 0}
        size={18}
        color="red"
        offset={4}
        data-testid={testId}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={unread > 0 ? `${name}, ${unread} unread` : name}
          onClick={onClick}
        >
          {icon}
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
