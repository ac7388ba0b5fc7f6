import { Badge, Card, Grid, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { recordTitle, type CallDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { useCallHistory } from '../api/get-history';

/** During a call: the contact's details on the left and a History panel (texts, comments, calls). */
export function CallPanel({ call }: { call: CallDto }) {
  const history = useCallHistory(call.itemId);
  const item = history.data?.item;
  const thread = [...(history.data?.messages ?? [])].reverse();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" padding="lg" h="100%">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {call.status === 'In call' ? 'On call with' : 'Last call'}
          </Text>
          <Title order={2} fz={22} mt={4}>
            {item ? recordTitle(item) : call.name}
          </Title>
          <Text c="dimmed">{formatPhone(call.phone)}</Text>
          <Group gap="xs" mt="sm">
            {item?.status && <Badge variant="light">{item.status}</Badge>}
            <Badge variant="outline" color={call.status === 'In call' ? 'green' : 'gray'}>
              {call.status}
            </Badge>
          </Group>
          {item && (
            <Stack gap={4} mt="md">
              {(['City', 'State', 'Zip'] as const)
                .filter((k) => item.data[k])
                .map((k) => (
                  <Text key={k} size="sm">
                    <Text span c="dimmed">
                      {k}:{' '}
                    </Text>
                    {String(item.data[k])}
                  </Text>
                ))}
              {item.properties.map((p) => (
                <Text key={p._id} size="sm">
                  <Text span c="dimmed">
                    Property:{' '}
                  </Text>
                  {p.title}
                </Text>
              ))}
            </Stack>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" padding="lg" h="100%">
          <Title order={3} fz="md" mb="sm">
            History
          </Title>
          {history.isLoading ? (
            <Loader size="sm" />
          ) : thread.length === 0 ? (
            <Text c="dimmed" size="sm">
              No texts, comments or calls with this contact yet.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={260}>
              <Stack gap="xs">
                {thread.map((m) => (
                  <div key={m._id}>
                    <Text size="xs" c="dimmed">
                      {new Date(m.createdAt).toLocaleString()} ·{' '}
                      {m.comment ? 'Comment' : m.system ? 'Call' : m.direction === 'in' ? 'Received' : 'Sent'}
                    </Text>
                    <Text size="sm">{m.body}</Text>
                  </div>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
