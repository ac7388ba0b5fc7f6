import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { deviceValue, messages, passesAndroidSmsLimit, type DeviceDto } from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { useCreateSmsGatewayCode } from '../api/create-sms-gateway-code';
import { deviceName } from '../utils/device-groups';
import { SmsGatewaySteps } from './sms-gateway-steps';

const t = messages.devices.smsGateway;
// The campaign engine's default pace (CAMPAIGN_GAP_MIN_MS, ppgl): the note applies unless a team slows it.
const DEFAULT_PACE = { perDay: 100, gapMinMs: 20_000, gapMaxMs: 60_000 };

type Made = { deviceId: string; name: string; code: string; apiUrl: string; expiresAt: Date };

type SmsGatewayConnectProps = {
  /** The team's devices, live: the phone's row turns connected here when the app registers. */
  devices: readonly DeviceDto[];
  /** A phone added earlier with the app: a new code for it. */
  device?: DeviceDto;
  /** The phone's row exists now (the screen around may stop listing it apart). */
  onMade?: (deviceId: string) => void;
};

/** Waiting for the phone, then connected: flips live with the devices' `devicesChanged` event. */
function AppState({ connected }: { connected: boolean }) {
  return (
    <Badge
      role="status"
      size="lg"
      variant="light"
      color={connected ? 'green' : 'gray'}
      tt="none"
      // Never shortened by the phone's number beside it.
      style={{ flexShrink: 0, overflow: 'visible' }}
      leftSection={connected ? <IconCheck size={14} /> : <Loader size={10} color="gray" />}
    >
      {connected ? 'Connected' : t.waiting}
    </Badge>
  );
}

/**
 * Android with the SMS Gateway app (private server mode): the phone's number, then the app's steps
 * in its own words with the API URL and a one-time code; the row turns connected when the app signs in.
 */
export function SmsGatewayConnect({ devices, device, onMade }: SmsGatewayConnectProps) {
  const [value, setValue] = useState(device?.value ?? '');
  const [touched, setTouched] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const create = useCreateSmsGatewayCode();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  const invalid = value.trim() !== '' && !deviceValue('Android', value);
  const getCode = async () => {
    setTouched(true);
    if (!deviceValue('Android', value)) return;
    const answer = await create.mutateAsync(value).catch(() => null);
    if (!answer) return;
    setMade({
      deviceId: answer.device._id,
      name: deviceName(answer.device),
      code: answer.code,
      apiUrl: answer.apiUrl,
      expiresAt: new Date(answer.expiresAt),
    });
    setNow(Date.now());
    onMade?.(answer.device._id);
  };
  const serverError =
    create.error instanceof ApiError ? create.error.message : create.error ? 'Something went wrong!' : null;

  if (!made)
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void getCode();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.optionHint}
          </Text>
          <TextInput
            label={t.phoneLabel}
            description="With the country code, starting with + (+1 916 456 7890): texts go out from it."
            placeholder="+1 916 456 7890"
            value={value}
            readOnly={!!device}
            onChange={(event) => setValue(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={(touched && (invalid || !value.trim()) && messages.devices.invalidId) || undefined}
            withAsterisk
            maxLength={254}
            data-autofocus
          />
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="sm">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t.getCode}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  const live = devices.find((d) => d._id === made.deviceId);
  const connected = live?.connected ?? false;
  const expired = !connected && now >= made.expiresAt.getTime();
  return (
    <Stack gap="md" aria-label={`Connect ${made.name}`} component="section">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{made.name}</Text>
        <AppState connected={connected} />
      </Group>
      {connected ? (
        <Alert color="green" variant="light" icon={<IconCheck size={18} />}>
          {t.connected}
        </Alert>
      ) : (
        <>
          <SmsGatewaySteps
            apiUrl={made.apiUrl}
            code={made.code}
            expiresAt={made.expiresAt}
            expired={expired}
          />
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" maw={420}>
              {passesAndroidSmsLimit(DEFAULT_PACE) ? `${t.limitNote} ` : ''}
              {t.rcsNote}
            </Text>
            <Button
              style={{ flexShrink: 0 }}
              variant={expired ? 'filled' : 'default'}
              size="xs"
              leftSection={<IconRefresh size={14} />}
              loading={create.isPending}
              onClick={() => void getCode()}
            >
              {t.newCode}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
