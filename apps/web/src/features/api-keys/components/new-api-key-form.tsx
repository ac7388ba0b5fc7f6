import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { API_SCOPE_LABELS, API_SCOPES, messages, type ApiScope } from '@prospector/core';
import { useCreateApiKey } from '../api/api-keys';

/** The key just made, shown this once with a copy button. */
function NewKey({ value, onDone }: { value: string; onDone: () => void }) {
  return (
    <Alert color="teal" icon={<IconKey size={18} />} title={messages.publicApi.keyCreated}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="new-api-key" style={{ flex: 1, overflowWrap: 'anywhere' }}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'}>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label="Copy the key"
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Name a key and choose what it may do; the new key is shown once below the form. */
export function NewApiKeyForm() {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['records:read']);
  const [made, setMade] = useState<string | null>(null);
  if (made) return <NewKey value={made} onDone={() => setMade(null)} />;
  return (
    <Stack gap="sm" component="form" aria-label="New API key" onSubmit={(e) => e.preventDefault()}>
      <TextInput
        label="Key name"
        description="Where it is used, e.g. 'Zapier' or 'Follow Up Boss'."
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Checkbox.Group
        label="Scopes"
        description="What calls made with this key may do."
        value={scopes}
        onChange={(v) => setScopes(v as ApiScope[])}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
          {API_SCOPES.map((s) => (
            <Checkbox key={s} value={s} label={API_SCOPE_LABELS[s]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {scopes.length === 0
            ? 'Choose at least one scope.'
            : `${scopes.length} of ${API_SCOPES.length} scopes`}
        </Text>
        <Button
          type="submit"
          disabled={name.trim() === '' || scopes.length === 0}
          loading={create.isPending}
          onClick={() =>
            create.mutate({ name: name.trim(), scopes }, { onSuccess: (r) => (setMade(r.key), setName('')) })
          }
        >
          Create key
        </Button>
      </Group>
    </Stack>
  );
}
