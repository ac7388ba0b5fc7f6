import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { hookUrlProblem, isValidHookUrl, messages, type Integrations } from '@prospector/core';
import { useIntegrations, useSaveHooks, type HookUrls } from '../api/integrations';

const HOOKS: { key: keyof HookUrls; label: string; description: string; checked: boolean }[] = [
  {
    key: 'pushHook',
    label: 'Push hook',
    description: "Receives a record and its texts on 'Push to CRM'.",
    checked: true,
  },
  {
    key: 'inboundHook',
    label: 'Inbound hook',
    description: 'Receives every text a lead sends: body, from, timestamp.',
    checked: true,
  },
  {
    key: 'outboundHook',
    label: 'Outbound hook',
    description: 'Receives every text once it left a phone: body, from, to, timestamp.',
    checked: true,
  },
  {
    key: 'podioHook',
    label: 'Podio hook',
    description: 'Kept for a Podio integration; not checked.',
    checked: false,
  },
];

function Secret({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" w={110} c="dimmed">
        {label}
      </Text>
      <Code style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function HooksForm({ saved, onSaved }: { saved: HookUrls; onSaved?: (saved: Integrations) => void }) {
  const save = useSaveHooks(onSaved);
  const [draft, setDraft] = useState<HookUrls>(saved);
  const [debounced] = useDebouncedValue(draft, 500);
  /** Why the hook's URL cannot be saved, once typing pauses: malformed, or at a private address. */
  const urlError = (key: keyof HookUrls) => {
    if (!HOOKS.find((h) => h.key === key)!.checked || debounced[key].trim() === '') return null;
    const problem = hookUrlProblem(debounced[key]);
    if (problem === null) return null;
    return problem === 'private' ? messages.hooks.privateUrl : messages.hooks.invalidUrl;
  };
  const anyInvalid = HOOKS.some(
    (h) => h.checked && draft[h.key].trim() !== '' && !isValidHookUrl(draft[h.key]),
  );
  const changed = HOOKS.some((h) => draft[h.key].trim() !== saved[h.key]);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Integration hooks">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Integration hooks
          </Title>
          <Text size="sm" c="dimmed">
            Each event is POSTed as JSON and signed as Standard Webhooks (<Code>webhook-id</Code>,{' '}
            <Code>webhook-timestamp</Code>, <Code>webhook-signature</Code>) with the hook&apos;s own secret,
            shown under Webhooks below. Failed deliveries are retried 8 times over about a day.
          </Text>
        </Stack>
        {HOOKS.map((hook) => (
          <TextInput
            key={hook.key}
            label={hook.label}
            description={hook.description}
            placeholder="https://"
            value={draft[hook.key]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, [hook.key]: value }));
            }}
            error={urlError(hook.key)}
          />
        ))}
        <Group justify="flex-end">
          <Button
            disabled={anyInvalid || !changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                pushHook: draft.pushHook.trim(),
                inboundHook: draft.inboundHook.trim(),
                outboundHook: draft.outboundHook.trim(),
                podioHook: draft.podioHook.trim(),
              })
            }
          >
            Save hooks
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Settings > Other: integration hooks (checked 500 ms after typing) and the public API key. */
export function IntegrationsPanel({ onSaved }: { onSaved?: (saved: Integrations) => void } = {}) {
  const integrations = useIntegrations();
  if (integrations.isPending) return <Loader aria-label="Loading the integrations" />;
  if (!integrations.data) return <Text c="dimmed">The integrations could not be loaded.</Text>;
  const { pushHook, inboundHook, outboundHook, podioHook, apiKey } = integrations.data;
  const saved = { pushHook, inboundHook, outboundHook, podioHook };
  return (
    <Stack gap="lg">
      <HooksForm key={JSON.stringify(saved)} saved={saved} onSaved={onSaved} />
      <Paper withBorder radius="lg" p="lg" component="section" aria-label="API key">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            API
          </Title>
          <Text size="sm" c="dimmed">
            <Code>POST /api/public/sendSMS</Code> with <Code>{'{ apiKey, to, body }'}</Code> texts one of your
            prospects from your devices.
          </Text>
          <Secret label="API key" value={apiKey} />
        </Stack>
      </Paper>
    </Stack>
  );
}
