import { useState } from 'react';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { readStored, writeStored } from '../../../lib/storage';
import { useDevices } from '../api/get-devices';
import { deviceName, disconnectedAgents } from '../utils/device-groups';

/** Closing the banner hides it for this browser session, for the devices it named then. */
const DISMISSED_KEY = 'prospector.disconnected-banner.dismissed';

type DisconnectedDevicesBannerProps = {
  /** Where 'write support' leads (a mail to the product's support address). */
  supportHref: string | null;
};

/**
 * The shell's banner (spec part 1 §2.1, §8) while any Android phone or Mac of the team is not
 * connected: the spec's sentence, a link to support, and each device on its own line. Closing it hides
 * it for the session until another device goes down; the shell's `useLiveDevices` keeps it current.
 */
export function DisconnectedDevicesBanner({ supportHref }: DisconnectedDevicesBannerProps) {
  const devices = useDevices();
  const [dismissed, setDismissed] = useState(() => readStored(DISMISSED_KEY, 'session') ?? '');
  const down = disconnectedAgents(devices.data ?? []);
  const key = down
    .map((d) => d._id)
    .sort()
    .join(',');
  if (down.length === 0 || key === dismissed) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      radius="md"
      mb="lg"
      icon={<IconPlugConnectedX size={20} />}
      withCloseButton
      closeButtonLabel="Hide until another device disconnects"
      onClose={() => {
        writeStored(DISMISSED_KEY, key, 'session');
        setDismissed(key);
      }}
    >
      <Text size="sm" inherit>
        {messages.devices.disconnected}{' '}
        {supportHref ? (
          <Anchor href={supportHref} size="sm" fw={600} c="red.8" underline="always">
            {messages.devices.contactSupport}
          </Anchor>
        ) : null}
      </Text>
      <List size="sm" mt={6} spacing={2} aria-label="Disconnected devices">
        {down.map((d) => (
          <List.Item key={d._id} fw={600}>
            {deviceName(d)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
