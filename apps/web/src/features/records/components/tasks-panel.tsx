import { useState, type FormEvent } from 'react';
import { Button, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { defaultTaskDue, visibleTasks, type ItemDto, type MemberDto, type TaskDto } from '@prospector/core';
import { useAddTask } from '../api/add-task';
import { useAllTasks } from '../api/get-tasks';
import { RecordPanel } from './record-panel';
import { TaskRow } from './task-row';

type TasksPanelProps = {
  item: ItemDto;
  openTasks: readonly TaskDto[];
  members: readonly MemberDto[];
  timeZone: string | null;
  onChanged?: () => void;
};

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Tasks (spec part 1 §4, §5): completed ones hidden by default; turning the toggle off loads all of
 * them. Tasks with empty text are not shown. A new task is due in 14 days at the start of the day.
 */
export function TasksPanel({ item, openTasks, members, timeZone, onChanged }: TasksPanelProps) {
  const [hideCompleted, setHideCompleted] = useState(true);
  const all = useAllTasks(item._id, !hideCompleted);
  const add = useAddTask(item._id, item.type, onChanged);
  const [draft, setDraft] = useState('');

  const source = hideCompleted ? openTasks : (all.data?.tasks ?? openTasks);
  const shown = visibleTasks(source).filter((t) => !(hideCompleted && t.completed));

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const due = defaultTaskDue(new Date(), timeZone ?? browserTimeZone()).toISOString();
    add.mutate({ text, due }, { onSuccess: () => setDraft('') });
  }

  return (
    <RecordPanel
      title="Tasks"
      icon={<IconChecklist size={18} color="var(--mantine-color-brand-6)" />}
      count={shown.length}
      actions={
        <Switch
          size="xs"
          label="Hide completed"
          checked={hideCompleted}
          onChange={(e) => setHideCompleted(e.currentTarget.checked)}
        />
      }
    >
      <Stack gap={4}>
        {!hideCompleted && all.isPending && <Loader size="xs" aria-label="Loading all tasks" />}
        {shown.length === 0 && !(all.isPending && !hideCompleted) && (
          <Text size="sm" c="dimmed">
            {hideCompleted ? 'No open tasks.' : 'No tasks yet.'}
          </Text>
        )}
        {shown.map((task) => (
          <TaskRow
            key={task._id}
            task={task}
            itemId={item._id}
            members={members}
            timeZone={timeZone}
            onChanged={onChanged}
          />
        ))}
      </Stack>
      <form onSubmit={submit}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label="New task"
            placeholder="Add a task"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            size="sm"
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" size="sm" loading={add.isPending}>
            Add task
          </Button>
        </Group>
      </form>
    </RecordPanel>
  );
}
