import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { autofillProblem, MIN_CREDIT_LOAD_DOLLARS, type BillingSummary } from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useChangeAutoFill } from '../api/change-auto-fill';
import { DollarInput } from './dollar-input';
import { DialogActions, DialogError } from './dialog-parts';

/**
 * 'Autofill settings dialog': when a charge leaves the credits below `lowerThan`, the card is charged
 * `load`, off-session (spec part 2 §2, §5: needs a card; load and lowerThan are numbers).
 */
export function AutofillDialog({
  opened,
  billing,
  onClose,
}: {
  opened: boolean;
  billing: BillingSummary;
  onClose: () => void;
}) {
  const [autoFill, setAutoFill] = useState(billing.autoFill || !billing.load);
  const [load, setLoad] = useState<number | null>(billing.load ?? 25);
  const [lowerThan, setLowerThan] = useState<number | null>(billing.lowerThan ?? 5);
  const [error, setError] = useState<string | null>(null);
  const save = useChangeAutoFill();

  function submit() {
    const problem = autofillProblem({ autoFill, load, lowerThan }, billing.card !== null);
    if (problem) return setError(problem);
    setError(null);
    save.mutate(
      { autoFill, load, lowerThan },
      {
        onSuccess: () => {
          notifySuccess(autoFill ? 'Autofill is on.' : 'Autofill is off.');
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Something went wrong!'),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Autofill settings</Text>}>
      <Stack gap="md">
        <Switch
          label="Load credits automatically"
          description="Your card is charged when your credits run low, so look-ups never stop."
          checked={autoFill}
          onChange={(e) => setAutoFill(e.currentTarget.checked)}
        />
        <Group grow align="flex-start">
          <DollarInput
            label="When credits fall below"
            disabled={!autoFill}
            value={lowerThan}
            onChange={(v) => {
              setLowerThan(v);
              setError(null);
            }}
          />
          <DollarInput
            label="Load"
            description={`Minimum $${MIN_CREDIT_LOAD_DOLLARS}.`}
            disabled={!autoFill}
            value={load}
            onChange={(v) => {
              setLoad(v);
              setError(null);
            }}
          />
        </Group>
        {autoFill && load !== null && lowerThan !== null && (
          <Text size="sm" c="dimmed">
            When your credits fall below ${lowerThan.toFixed(2)}, your card is charged ${load.toFixed(2)}{' '}
            once.
          </Text>
        )}
        <DialogError error={error} />
        <DialogActions onCancel={onClose} pending={save.isPending}>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
