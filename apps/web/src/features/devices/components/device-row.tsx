import { Box, Button, Checkbox, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDownload } from '@tabler/icons-react';
import type { DeviceDto } from '@prospector/core';
import { deviceName } from '../utils/device-groups';
import { ConnectionIndicator } from './connection-indicator';
import { DeviceTitle } from './device-title';

export type DeviceRowProps = {
  device: DeviceDto;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onDownload: () => void;
  downloading: boolean;
  timeZone: string | null;
  /** How it texts: its own transport, or its Mac's for an iPhone. */
  via: DeviceDto['transport'];
};

/** The apps the product talks to need nothing from us to download. */
const OTHER_APPS: Partial<Record<DeviceDto['transport'], string>> = {
  sms_gateway: 'SMS Gateway app',
  sms_gateway_local: 'SMS Gateway app, local server',
  bluebubbles: 'BlueBubbles',
};

/** One device: name, connection, today's texts, its app and a checkbox. An iPhone sits under its Mac. */
export function DeviceRow({
  device,
  selected,
  onSelect,
  onDownload,
  downloading,
  timeZone,
  via,
}: DeviceRowProps) {
  const name = deviceName(device);
  const iphone = device.phoneType === 'Apple' && !device.isComputer;
  const Icon = device.isComputer ? IconDeviceDesktop : IconDeviceMobile;
  return (
    <Table.Tr bg={selected ? 'var(--mantine-color-brand-0)' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${name}`}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Box pl={iphone ? 28 : 0}>
          <DeviceTitle
            device={device}
            icon={
              <ThemeIcon
                variant="light"
                color={device.isComputer ? 'gray' : 'brand'}
                radius="md"
                size={iphone ? 30 : 34}
              >
                <Icon size={iphone ? 16 : 18} stroke={1.7} />
              </ThemeIcon>
            }
          />
        </Box>
      </Table.Td>
      <Table.Td>
        <ConnectionIndicator connected={device.connected} pingedAt={device.pingedAt} timeZone={timeZone} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">
            <b>{device.sentToday}</b> sent
          </Text>
          <Text size="xs" c="dimmed">
            {device.receivedToday} received
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        {device.simulated ? (
          <Text size="xs" c="dimmed">
            No app needed
          </Text>
        ) : OTHER_APPS[via] ? (
          <Text size="xs" c="dimmed">
            {OTHER_APPS[via]}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={onDownload}
            loading={downloading}
            aria-label={`Download app for ${name}`}
            title={iphone ? `Downloads the app of ${device.macName ?? 'its Mac'}` : undefined}
          >
            Download app
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
