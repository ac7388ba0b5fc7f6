import { Badge, Button, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { WebhookDeliveryDto } from '@prospector/core';
import { formatDateTime } from '../../../lib/format';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';

const STATE_COLOR = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;

function Attempts({ d, timeZone }: { d: WebhookDeliveryDto; timeZone: string | null }) {
  if (d.attempts.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No attempt yet.
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="xs" aria-label={`Attempts of ${d.messageId}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={140}>Time</Table.Th>
          <Table.Th w={70}>Status</Table.Th>
          <Table.Th w={80}>Duration</Table.Th>
          <Table.Th>Response</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {d.attempts.map((a) => (
          <Table.Tr key={a._id}>
            <Table.Td>{formatDateTime(a.at, timeZone)}</Table.Td>
            <Table.Td>
              <Text size="xs" fw={600} c={a.statusCode && a.statusCode < 300 ? 'teal' : 'red'}>
                {a.statusCode ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>{a.durationMs} ms</Table.Td>
            <Table.Td>
              <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {a.response || '(empty)'}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One endpoint's latest deliveries, each with its attempts; any of them can be sent again. */
export function DeliveryLog({ endpointId, timeZone }: { endpointId: string; timeZone: string | null }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery(endpointId);
  if (deliveries.isPending) return <Loader size="sm" aria-label="Loading the deliveries" />;
  if (!deliveries.data) return <Text c="dimmed">The deliveries could not be loaded.</Text>;
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing was sent to this endpoint yet.
      </Text>
    );
  return (
    <Stack gap="sm" aria-label="Delivery log" role="list">
      {deliveries.data.map((d) => (
        <Stack
          key={d._id}
          gap={4}
          role="listitem"
          p="xs"
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 8 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Badge color={STATE_COLOR[d.state]} variant="light" size="sm">
                {d.state}
              </Badge>
              <Text size="sm" fw={500}>
                {d.eventType}
              </Text>
              <Code fz="xs">{d.messageId}</Code>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {formatDateTime(d.createdAt, timeZone)}
                {d.nextAttemptAt ? ` · next try ${formatDateTime(d.nextAttemptAt, timeZone)}` : ''}
              </Text>
              <Button
                size="compact-xs"
                variant="default"
                loading={resend.isPending && resend.variables === d._id}
                onClick={() => resend.mutate(d._id)}
                aria-label={`Resend ${d.messageId}`}
              >
                Resend
              </Button>
            </Group>
          </Group>
          <Attempts d={d} timeZone={timeZone} />
        </Stack>
      ))}
    </Stack>
  );
}
