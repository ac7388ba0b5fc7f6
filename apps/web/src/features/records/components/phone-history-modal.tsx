import { Alert, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { describePhoneEvent } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { usePhoneHistory } from '../api/get-phone-history';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One phone's append-only history: where it came from and every change of its status, by whom. */
export function PhoneHistoryModal({
  itemId,
  value,
  onClose,
}: {
  itemId: string;
  value: string | null;
  onClose: () => void;
}) {
  const history = usePhoneHistory(itemId, value !== null);
  const events = history.data?.phones.find((p) => p.value === value)?.events ?? [];
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      title={value ? `History of ${formatPhone(value)}` : ''}
      size="lg"
    >
      {history.isPending ? (
        <Loader size="sm" aria-label="Loading history" />
      ) : history.isError ? (
        <Alert color="red">{history.error.message || 'Something went wrong!'}</Alert>
      ) : events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded for this phone yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Kept as it happened: no one can edit or delete it.
          </Text>
          <Timeline active={events.length - 1} bulletSize={18} lineWidth={2} aria-label="Phone history">
            {events.map((e, i) => (
              <Timeline.Item key={i} bullet={<IconHistory size={11} />} title={describePhoneEvent(e)}>
                <Text size="xs" c="dimmed">
                  {when(e.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Modal>
  );
}
