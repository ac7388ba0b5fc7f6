import { List } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
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
  return (
    <ConfirmModal
      opened={opened}
      title="Remove devices"
      confirmLabel="Remove"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          devices.map((d) => d.value),
          { onSuccess: onRemoved },
        )
      }
      details={
        <List size="sm" spacing={4}>
          {devices.map((d) => (
            <List.Item key={d._id}>{deviceName(d)}</List.Item>
          ))}
        </List>
      }
    >
      {count === 1
        ? 'Remove this device? Its app stops connecting.'
        : `Remove these ${count} devices? Their apps stop connecting.`}{' '}
      To use a device again, add it and download its app again.
      {withMac && ' A computer’s iPhones are removed with it.'}
    </ConfirmModal>
  );
}
