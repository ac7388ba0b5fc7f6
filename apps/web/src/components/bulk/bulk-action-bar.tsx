import { useRef, useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import {
  bulkActionAllowed,
  formatCount,
  messages,
  type BulkAction,
  type BulkActionType,
  type BulkActor,
  type BulkJobDto,
  type BulkSelection,
} from '@prospector/core';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useServerEvent } from '../../lib/use-server-event';
import { ConfirmModal } from '../confirm-modal';
import { startBulkJob, undoBulkJob, useBulkChoices } from './bulk-api';
import { BulkJobStatus } from './bulk-job-status';

/** Someone who may take no action but assign, set a status and export (the bar's default). */
export const NO_BULK_ACTOR: BulkActor = { role: 'member', permissions: [] };

const ACTIONS: { value: BulkActionType; label: string; target: 'members' | 'statuses' | 'lists' | null }[] = [
  { value: 'assign', label: 'Assign to', target: 'members' },
  { value: 'unassign', label: 'Unassign', target: 'members' },
  { value: 'setStatus', label: 'Set status', target: 'statuses' },
  { value: 'addToList', label: 'Add to list', target: 'lists' },
  { value: 'queueCalls', label: 'Queue for calls', target: null },
  { value: 'campaign', label: 'Launch a campaign', target: null },
  { value: 'export', label: 'Export CSV', target: null },
  { value: 'dnc', label: 'Mark DNC', target: null },
  { value: 'delete', label: 'Delete', target: null },
];

function toAction(type: BulkActionType, target: string): BulkAction {
  switch (type) {
    case 'assign':
    case 'unassign':
      return { type, memberId: target };
    case 'setStatus':
      return { type, statusId: target };
    case 'addToList':
      return { type, listId: target };
    case 'queueCalls':
      // No caller chosen: the author's own queue.
      return target ? { type, memberId: target } : { type };
    default:
      return { type };
  }
}

type BulkActionBarProps = {
  /** How many records are selected (the ticked rows, or all that match). */
  count: number;
  selection: BulkSelection | null;
  /** Who acts: only the actions they may start are offered (the server refuses the others too). */
  actor: BulkActor;
  onClear: () => void;
  /** The job finished or was undone: refetch what the screen shows. */
  onChanged: () => void;
};

/**
 * The bar under a screen's filters while records are selected: an action and what it names, then
 * the job's live progress and its result line, with Undo after a delete.
 */
export function BulkActionBar({ count, selection, actor, onClear, onChanged }: BulkActionBarProps) {
  const [type, setType] = useState<BulkActionType | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [job, setJob] = useState<BulkJobDto | null>(null);
  // The job on show, known at once: an event that comes after the start's answer but before the next
  // render must not be judged against the job of the render before (a small job's last event was lost so).
  const watched = useRef<string | null>(null);
  const show = (next: BulkJobDto | null) => {
    watched.current = next?._id ?? null;
    setJob(next);
  };
  const [pending, setPending] = useState(false);
  const choices = useBulkChoices(selection !== null || job !== null);
  const chosen = ACTIONS.find((a) => a.value === type);

  // A small job can finish before its start is answered: its events are kept until then.
  const heard = useRef(new Map<string, BulkJobDto>());
  useServerEvent('bulkProgress', ({ job: next }) => {
    heard.current.set(next._id, next);
    if (next._id !== watched.current) return;
    setJob(next);
    if (next.state !== 'running') onChanged();
  });

  async function run() {
    if (!selection || !type) return;
    setPending(true);
    try {
      const started = await startBulkJob(selection, toAction(type, target ?? ''));
      const latest = heard.current.get(started._id);
      show(latest && latest.done >= started.done ? latest : started);
      if (latest && latest.state !== 'running') onChanged();
      setType(null);
      setTarget(null);
      onClear();
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : messages.shell.genericError);
    } finally {
      setPending(false);
      setConfirming(false);
    }
  }

  async function undo(jobId: string) {
    try {
      show(await undoBulkJob(jobId));
      notifySuccess(messages.bulk.undone);
      onChanged();
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : messages.shell.genericError);
    }
  }

  if (job) return <BulkJobStatus job={job} onUndo={() => void undo(job._id)} onClose={() => show(null)} />;
  if (!selection) return null;
  const options = ACTIONS.filter((a) => bulkActionAllowed(actor, a.value));
  const ready = type !== null && (!chosen?.target || target !== null);
  return (
    <Paper withBorder radius="md" px="md" py="sm" bg="brand.0" role="region" aria-label="Bulk actions">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {/* One line whatever the bar holds: the selects give way, never the count. */}
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {formatCount(count)} selected
          </Text>
          <Select
            aria-label="Action"
            placeholder="Choose an action"
            data={options.map(({ value, label }) => ({ value, label }))}
            value={type}
            onChange={(v) => {
              setType(v as BulkActionType | null);
              setTarget(null);
            }}
            w={170}
            size="xs"
            // Every action in view at once: nine, with Delete last.
            maxDropdownHeight={360}
          />
          {chosen?.target && (
            <Select
              aria-label={chosen.label}
              placeholder={
                chosen.target === 'members' ? 'Member' : chosen.target === 'statuses' ? 'Status' : 'List'
              }
              data={choices.data?.[chosen.target] ?? []}
              value={target}
              onChange={setTarget}
              searchable
              w={200}
              size="xs"
            />
          )}
          {type === 'queueCalls' && actor.role === 'admin' && (
            <Select
              aria-label="Caller"
              data={[
                { value: 'me', label: 'Me' },
                ...(choices.data?.callers ?? []).filter((c) => c.value !== actor._id),
              ]}
              value={target ?? 'me'}
              onChange={(v) => setTarget(v === 'me' ? null : v)}
              allowDeselect={false}
              searchable
              w={200}
              size="xs"
            />
          )}
          <Button
            size="xs"
            color={type === 'delete' ? 'red' : undefined}
            disabled={!ready}
            loading={pending}
            onClick={() => (type === 'delete' ? setConfirming(true) : void run())}
          >
            Apply
          </Button>
        </Group>
        <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Delete records"
        confirmLabel="Delete"
        pending={pending}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      >
        {messages.bulk.confirmDelete(formatCount(count))}
      </ConfirmModal>
    </Paper>
  );
}
