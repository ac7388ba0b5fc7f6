import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { useRemoveNumbers } from '../api/remove-numbers';
import { deviceName } from '../utils/device-groups';

type RemoveDevicesModalProps = {
  opened: boolean;
  /** The checked devices. */
  devices: readonly DeviceDto[];
  onClose: () => void;
  onRemoved: () => void;
};

/** Asks before the checked devices go; a Mac takes its iPhones with it. */
export function RemoveDevicesModal({ opened, devices, onClose, onRemoved }: RemoveDevicesModalProps) {
  const remove = useRemoveNumbers();
  const withMac = devices.some((d) => d.isComputer);
  const count = devices.length;

  function confirm() {
    remove.mutate(
      devices.map((d) => d.value),
      { onSuccess: onRemoved },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Remove devices</Text>}>
      <Stack gap="md">
        <Text size="sm">
          {count === 1
            ? 'Remove this device? Its app stops connecting.'
            : `Remove these ${count} devices? Their apps stop connecting.`}{' '}
          To use a device again, add it and download its app again.
          {withMac && ' A computer’s iPhones are removed with it.'}
        </Text>
        <List size="sm" spacing={4}>
          {devices.map((d) => (
            <List.Item key={d._id}>{deviceName(d)}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
