import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { API_SCOPE_LABELS, type ApiKeyDto, paths } from '@prospector/core';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { NewApiKeyForm } from './new-api-key-form';

function KeyRow({ k, timeZone, onRevoke }: { k: ApiKeyDto; timeZone: string | null; onRevoke: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {k.name}
        </Text>
        <Code fz="xs">{k.hint}</Code>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {k.scopes.map((s) => (
            <Badge key={s} variant="light" size="sm">
              {API_SCOPE_LABELS[s]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{k.lastUsedAt ? formatDateTime(k.lastUsedAt, timeZone) : 'Never'}</Text>
      </Table.Td>
      <Table.Td ta="right">
        {k.revokedAt ? (
          <Badge color="gray" variant="outline">
            Revoked
          </Badge>
        ) : (
          <Button size="xs" variant="subtle" color="red" onClick={onRevoke}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Settings > Other (admins): the team's API keys for the public API v1, made, listed and revoked. */
export function ApiKeysPanel({ timeZone }: { timeZone: string | null }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="API keys">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            API keys
          </Title>
          <Text size="sm" c="dimmed">
            Keys for the public API v1: send one as <Code>Authorization: Bearer &lt;key&gt;</Code>. Each key
            may make only the calls of its scopes. The reference is at{' '}
            <Anchor href={paths.apiDocs} target="_blank" rel="noopener">
              /api/v1/docs
            </Anchor>
            .
          </Text>
        </Stack>
        <NewApiKeyForm />
        {keys.isPending ? (
          <Loader size="sm" aria-label="Loading the API keys" />
        ) : !keys.data ? (
          <Text c="dimmed">The API keys could not be loaded.</Text>
        ) : keys.data.keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No API keys yet.
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Your API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.keys.map((k) => (
                <KeyRow key={k._id} k={k} timeZone={timeZone} onRevoke={() => setRevoking(k)} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this key?" centered>
        <Stack>
          <Text size="sm">
            Every call made with &apos;{revoking?.name}&apos; will be refused from now on. This cannot be
            undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking._id, { onSuccess: () => setRevoking(null) })}
            >
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
