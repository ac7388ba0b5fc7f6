import { useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DeviceDto } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { useDevices } from '../api/get-devices';
import { useDownloadApp } from '../api/download-app';
import { groupDevices } from '../utils/device-groups';
import { AddDeviceModal } from './add-device-modal';
import { DeviceRow } from './device-row';
import { DeviceSection } from './device-section';
import { DevicesEmpty } from './devices-empty';
import { RemoveDevicesModal } from './remove-devices-modal';
import { SimulatedPhoneButton } from './simulated-phone-button';

type Dialog = 'add' | 'remove' | null;

/** Settings > Devices (spec part 2 §2): Macs with their iPhones, Android phones, add and remove. */
export function DevicesScreen({ timeZone }: { timeZone: string | null }) {
  const devices = useDevices();
  const download = useDownloadApp();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const all = devices.data ?? [];
  // A device removed elsewhere (another tab, a teammate) drops out of the selection.
  const selected = all.filter((d) => checked.has(d._id));
  const { macs, androids } = groupDevices(all);

  function select(device: DeviceDto, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(device._id);
      else next.delete(device._id);
      return next;
    });
  }

  const row = (device: DeviceDto, mac?: DeviceDto) => (
    <DeviceRow
      key={device._id}
      device={device}
      via={mac?.transport ?? device.transport}
      selected={checked.has(device._id)}
      onSelect={(on) => select(device, on)}
      onDownload={() => download.mutate(device._id)}
      downloading={download.isPending && download.variables === device._id}
      timeZone={timeZone}
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <PageTitle>Devices</PageTitle>
          <Text c="dimmed" size="sm">
            The phones your texts go out from and replies come back to.
          </Text>
        </Stack>
        {all.length > 0 && (
          <Group gap="sm">
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={selected.length === 0}
              onClick={() => setDialog('remove')}
            >
              Remove selected
            </Button>
            <SimulatedPhoneButton />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('add')}>
              Add device
            </Button>
          </Group>
        )}
      </Group>
      {devices.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading the devices" />
        </Center>
      ) : devices.isError ? (
        <LoadFailed message="The devices could not be loaded." onRetry={() => void devices.refetch()} />
      ) : all.length === 0 ? (
        <DevicesEmpty onAdd={() => setDialog('add')} />
      ) : (
        <>
          <DeviceSection
            title="Apple computers"
            description="Each Mac texts for the iPhones listed under it, through BlueBubbles or our agent in Messages."
            icon={
              <ThemeIcon variant="light" color="gray" radius="md" size={32}>
                <IconBrandApple size={18} />
              </ThemeIcon>
            }
            empty={macs.length === 0}
            emptyText="No Mac yet. Add one to text from an iPhone."
          >
            {macs.flatMap(({ mac, iphones }) => [row(mac), ...iphones.map((p) => row(p, mac))])}
          </DeviceSection>
          <DeviceSection
            title="Android devices"
            description="Each phone texts from its own number, through the SMS Gateway app or our agent in Termux."
            icon={
              <ThemeIcon variant="light" color="green" radius="md" size={32}>
                <IconBrandAndroid size={18} />
              </ThemeIcon>
            }
            empty={androids.length === 0}
            emptyText="No Android phone yet."
          >
            {androids.map((d) => row(d))}
          </DeviceSection>
        </>
      )}
      <AddDeviceModal opened={dialog === 'add'} onClose={() => setDialog(null)} devices={all} />
      <RemoveDevicesModal
        opened={dialog === 'remove'}
        devices={selected}
        onClose={() => setDialog(null)}
        onRemoved={() => {
          setChecked(new Set());
          setDialog(null);
        }}
      />
    </Stack>
  );
}
