import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { WebhookEndpointDto } from '@prospector/core';
import { formatDateTime } from '../../../lib/format';
import { useEnableEndpoint, useRevealSecret, useRotateSecret, useWebhookEndpoints } from '../api/webhooks';
import { DeliveryLog } from './delivery-log';

const KIND_LABEL: Record<WebhookEndpointDto['kind'], string> = {
  push: 'Push hook',
  podio: 'Podio hook',
  inbound: 'Inbound hook',
  outbound: 'Outbound hook',
  subscription: 'Subscription',
};

function EndpointCard({ e, timeZone }: { e: WebhookEndpointDto; timeZone: string | null }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const reveal = useRevealSecret();
  const rotate = useRotateSecret();
  const enable = useEnableEndpoint();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${KIND_LABEL[e.kind]} ${e.url}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {KIND_LABEL[e.kind]}
              </Text>
              {e.disabledAt ? (
                <Badge color="red" variant="light" size="sm">
                  Disabled
                </Badge>
              ) : (
                <Badge color="teal" variant="light" size="sm">
                  Active
                </Badge>
              )}
            </Group>
            <Code fz="xs" style={{ wordBreak: 'break-all' }}>
              {e.url}
            </Code>
            <Text size="xs" c="dimmed">
              {e.events.join(', ')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {e.disabledAt ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => enable.mutate(e._id)}
                loading={enable.isPending}
              >
                Enable
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="default"
              loading={reveal.isPending}
              onClick={() =>
                reveal.mutate(e._id, { onSuccess: (r) => setSecret({ value: r.secret, rotated: false }) })
              }
            >
              Reveal secret
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(e._id, { onSuccess: (r) => setSecret({ value: r.secret, rotated: true }) })
              }
            >
              Rotate secret
            </Button>
            <Button size="xs" variant={open ? 'filled' : 'light'} onClick={() => setOpen((o) => !o)}>
              {open ? 'Hide log' : 'Delivery log'}
            </Button>
          </Group>
        </Group>
        {secret ? (
          <Alert
            color={secret.rotated ? 'yellow' : 'blue'}
            variant="light"
            p="xs"
            title={secret.rotated ? 'New secret' : 'Signing secret'}
          >
            <Stack gap={4}>
              <Code fz="xs" data-testid="webhook-secret">
                {secret.value}
              </Code>
              <Text size="xs">
                {secret.rotated
                  ? 'Copy it now. The old secret still signs beside it for 24 hours, so your receiver can switch without missing a delivery.'
                  : 'Verify each delivery with it, e.g. new Webhook(secret).verify(body, headers) from the standardwebhooks package.'}
              </Text>
            </Stack>
          </Alert>
        ) : null}
        {e.previousSecretUntil && new Date(e.previousSecretUntil) > new Date() ? (
          <Text size="xs" c="dimmed">
            The previous secret also signs until {formatDateTime(e.previousSecretUntil, timeZone)}.
          </Text>
        ) : null}
        {open ? <DeliveryLog endpointId={e._id} timeZone={timeZone} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * Settings > Other (admins): every endpoint the team's events go to — its hooks and the subscriptions
 * integrations made — with each one's delivery log, resend, and its secret revealed or rotated.
 */
export function WebhooksPanel({ timeZone }: { timeZone: string | null }) {
  const endpoints = useWebhookEndpoints();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Webhooks">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Webhooks
          </Title>
          <Text size="sm" c="dimmed">
            Every delivery is signed as Standard Webhooks with its endpoint&apos;s secret and retried 8 times
            over about a day. An endpoint whose every attempt failed for 5 days is disabled, and admins are
            told.
          </Text>
        </Stack>
        {endpoints.isPending ? (
          <Loader size="sm" aria-label="Loading the webhooks" />
        ) : !endpoints.data ? (
          <Text c="dimmed">The webhooks could not be loaded.</Text>
        ) : endpoints.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No endpoint yet: save a hook above, or subscribe one with POST /api/v1/webhooks.
          </Text>
        ) : (
          endpoints.data.map((e) => <EndpointCard key={e._id} e={e} timeZone={timeZone} />)
        )}
      </Stack>
    </Paper>
  );
}
