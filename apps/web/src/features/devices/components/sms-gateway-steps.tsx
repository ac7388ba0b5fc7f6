import {
  Anchor,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { messages, SMS_GATEWAY_RELEASES_URL } from '@prospector/core';

const t = messages.devices.smsGateway;

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy the ${label}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : 'gray'}
            onClick={copy}
            aria-label={`Copy the ${label}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

type StepsProps = { apiUrl: string; code: string; expiresAt: Date; expired: boolean };

/** The app's own screens, in its own words (its strings.xml, v1.68.0), and what to type in each. */
export function SmsGatewaySteps({ apiUrl, code, expiresAt, expired }: StepsProps) {
  const time = expiresAt.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <List type="ordered" size="sm" spacing={10} aria-label="How to connect">
      <List.Item>
        {t.download}{' '}
        <Anchor href={SMS_GATEWAY_RELEASES_URL} target="_blank" rel="noreferrer" size="sm">
          GitHub releases <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </List.Item>
      <List.Item>{t.openSettings}</List.Item>
      <List.Item>
        <Stack gap={4}>
          <Text size="sm">{t.apiUrl}</Text>
          <Group gap={4} wrap="nowrap">
            <Code aria-label="API URL" style={{ wordBreak: 'break-all' }}>
              {apiUrl}
            </Code>
            <Copyable value={apiUrl} label="API URL" />
          </Group>
        </Stack>
      </List.Item>
      <List.Item>{t.channel}</List.Item>
      <List.Item>{t.goHome}</List.Item>
      <List.Item>
        <Stack gap={6}>
          <Text size="sm">{t.byCode}</Text>
          <Paper withBorder radius="md" px="md" py="xs" bg={expired ? 'gray.0' : 'blue.0'} w="fit-content">
            <Group gap="sm" wrap="nowrap">
              <Text
                aria-label="Login Code"
                ff="monospace"
                fz={28}
                fw={700}
                lts={2}
                td={expired ? 'line-through' : undefined}
                c={expired ? 'dimmed' : undefined}
              >
                {code}
              </Text>
              {!expired && <Copyable value={code.replace(' ', '')} label="code" />}
            </Group>
          </Paper>
          <Text size="xs" c={expired ? 'red' : 'dimmed'}>
            {expired ? t.expired : t.expires.replace('{time}', time)}
          </Text>
        </Stack>
      </List.Item>
    </List>
  );
}
