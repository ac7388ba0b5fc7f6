import { useState } from 'react';
import { Avatar, Checkbox, Group, TextInput } from '@mantine/core';
import { DateTimePicker, getTimeRange } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendarDue, IconUserPlus } from '@tabler/icons-react';
import type { MemberDto, TaskDto } from '@prospector/core';
import { MemberAvatars } from '../../../components/member-avatars';
import { useAssignTask } from '../api/assign';
import { useSetTaskCompleted } from '../api/set-task-completed';
import { useSetTaskDue } from '../api/set-task-due';
import { useNow } from '../../../lib/use-now';
import { fromPickerValue, toPickerValue } from '../../../lib/zoned-time';
import { useSetTaskText } from '../api/set-task-text';
import { AssignPopover } from './assign-popover';

/** Spec part 1 §9: task text is sent 500 ms after the last keystroke. */
const TASK_TEXT_DEBOUNCE_MS = 500;
/** The due picker steps by the hour (spec part 1 §5). */
const HOURLY = getTimeRange({ startTime: '00:00:00', endTime: '23:00:00', interval: '01:00:00' });

type TaskRowProps = {
  task: TaskDto;
  itemId: string;
  members: readonly MemberDto[];
  timeZone: string | null;
  onChanged?: () => void;
};

/** One task: complete it, edit its text in place, pick its due time, assign members. */
export function TaskRow({ task, itemId, members, timeZone, onChanged }: TaskRowProps) {
  const setText = useSetTaskText(itemId);
  const setDue = useSetTaskDue(itemId, onChanged);
  const setCompleted = useSetTaskCompleted(itemId, onChanged);
  const assign = useAssignTask(itemId, onChanged);
  const [text, setLocalText] = useState(task.text);
  const [editing, setEditing] = useState(false);
  const [seenText, setSeenText] = useState(task.text);
  // The server's text wins unless the user is typing (a rollback included).
  if (!editing && task.text !== seenText) {
    setSeenText(task.text);
    setLocalText(task.text);
  }

  const sendText = useDebouncedCallback(
    (value: string) => {
      const before = task.text;
      if (value === before) return;
      setText.mutate({ _id: task._id, text: value }, { onError: () => setLocalText(before) });
    },
    { delay: TASK_TEXT_DEBOUNCE_MS, flushOnUnmount: true },
  );

  const now = useNow();
  const overdue = !task.completed && task.due !== null && new Date(task.due).getTime() <= now;
  const label = task.text || 'task';

  return (
    <Group gap="xs" wrap="nowrap" align="center" data-testid="task">
      <Checkbox
        checked={task.completed}
        onChange={(e) => setCompleted.mutate({ _id: task._id, completed: e.currentTarget.checked })}
        aria-label={`Complete ${label}`}
        radius="xl"
      />
      <TextInput
        aria-label="Task text"
        value={text}
        onChange={(e) => {
          setLocalText(e.currentTarget.value);
          sendText(e.currentTarget.value);
        }}
        onFocus={() => setEditing(true)}
        onBlur={() => {
          setEditing(false);
          sendText.flush();
        }}
        variant="unstyled"
        size="sm"
        style={{ flex: 1, minWidth: 0 }}
        styles={{ input: { textDecoration: task.completed ? 'line-through' : undefined } }}
      />
      <DateTimePicker
        aria-label={`Due date of ${label}`}
        value={task.due ? toPickerValue(task.due, timeZone) : null}
        onChange={(value) =>
          setDue.mutate({ _id: task._id, due: value ? fromPickerValue(value, timeZone) : null })
        }
        valueFormat="MMM D, h:mm A"
        placeholder="Due"
        size="xs"
        w={160}
        leftSection={<IconCalendarDue size={14} />}
        timePickerProps={{
          withDropdown: true,
          presets: HOURLY,
          format: '12h',
          popoverProps: { withinPortal: false },
        }}
        styles={{ input: { color: overdue ? 'var(--mantine-color-red-7)' : undefined } }}
        popoverProps={{ withinPortal: true }}
      />
      <AssignPopover
        label="Assign task"
        members={members}
        assignedTo={task.assignedTo}
        onToggle={(memberId) => assign.mutate({ taskId: task._id, memberId, assignedTo: task.assignedTo })}
        target={
          task.assignedTo.length > 0 ? (
            <MemberAvatars ids={task.assignedTo} members={members} size={22} max={2} />
          ) : (
            <Avatar size={22} radius="xl" variant="outline" color="gray">
              <IconUserPlus size={12} />
            </Avatar>
          )
        }
      />
    </Group>
  );
}
