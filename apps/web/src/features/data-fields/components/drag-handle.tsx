import { ActionIcon } from '@mantine/core';
import type { useDraggable } from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import classes from './data-fields.module.css';

/** The grip a section or a field is dragged by; `label` names what it moves. */
export function DragHandle({ label, drag }: { label: string; drag: ReturnType<typeof useDraggable> }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      className={classes.handle}
      aria-label={label}
      {...drag.attributes}
      {...drag.listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
}
