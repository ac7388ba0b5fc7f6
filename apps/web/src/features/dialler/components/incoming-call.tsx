import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoneIncoming, IconPhoneOff, IconPhone } from '@tabler/icons-react';
import { recordTitle, type CallDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { useAnswerInbound, useDeclineInbound } from '../api/inbound';
import { useCallHistory } from '../api/get-history';

/** An inbound call ringing this browser: who is calling (as for an outbound call), Accept, Decline. */
export function IncomingCall({ call }: { call: CallDto }) {
  const history = useCallHistory(call.itemId);
  const answer = useAnswerInbound();
  const decline = useDeclineInbound();
  const item = history.data?.item;
  const last = history.data?.messages.at(-1);
  const name = item ? recordTitle(item) : call.name || formatPhone(call.phone);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      aria-label={`Incoming call from ${name}`}
      role="region"
      style={{ borderColor: 'var(--mantine-color-green-5)', borderWidth: 2 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap={6}>
            <IconPhoneIncoming size={16} color="var(--mantine-color-green-7)" />
            <Text size="xs" c="green.8" tt="uppercase" fw={700}>
              Incoming call
            </Text>
          </Group>
          <Title order={2} fz={22}>
            {name}
          </Title>
          <Text c="dimmed">
            {formatPhone(call.phone)}
            {!call.itemId && ' · not in your records yet'}
          </Text>
          <Group gap="xs" mt={4}>
            {item?.status && <Badge variant="light">{item.status}</Badge>}
            {item && (
              <Text size="sm" c="dimmed">
                {(['City', 'State'] as const)
                  .map((k) => item.data[k])
                  .filter(Boolean)
                  .map(String)
                  .join(', ')}
              </Text>
            )}
          </Group>
          {last && (
            <Text size="sm" mt={4} lineClamp={1} maw={420}>
              <Text span c="dimmed">
                Last:{' '}
              </Text>
              {last.body}
            </Text>
          )}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Button
            color="red"
            variant="light"
            leftSection={<IconPhoneOff size={16} />}
            loading={decline.isPending}
            disabled={answer.isPending}
            onClick={() => decline.mutate(call._id)}
          >
            Decline
          </Button>
          <Button
            color="green"
            leftSection={<IconPhone size={16} />}
            loading={answer.isPending}
            disabled={decline.isPending}
            onClick={() => answer.mutate(call._id)}
          >
            Accept
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
