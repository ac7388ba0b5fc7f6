import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPhoneOff, IconPlayerPause, IconPlayerPlay, IconMessage2 } from '@tabler/icons-react';
import { type DiallerStateDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { useEndCalls, useLeaveVm } from '../api/calls';
import { useCallTimer } from '../hooks/use-call-timer';
import type { DiallerEdit } from '../hooks/use-dialler-socket';

/** The bar: Start Dialling, Pause, Leave, Done, the call timer and end-call; the lines that ring. */
export function DiallerBar({ me, edit }: { me: DiallerStateDto; edit: (e: DiallerEdit) => void }) {
  const end = useEndCalls();
  const leaveVm = useLeaveVm();
  const active = me.activeCall;
  const live = active?.status === 'In call';
  // An ended call's length stays on show, said to be the last call's rather than a stopped clock.
  const ended = !!active && !live;
  const timer = useCallTimer(live ? active.answeredAt : null, active && !live ? active.durationMs : null);
  const status = me.onCall ? 'On call' : me.dialling ? 'Dialling' : me.paused ? 'Paused' : 'Idle';
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between">
        <Group gap="sm">
          {me.dialling ? (
            <Button
              leftSection={<IconPlayerPause size={16} />}
              variant="light"
              onClick={() => edit({ action: 'pause' })}
            >
              Pause
            </Button>
          ) : (
            <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => edit({ action: 'start' })}>
              Start Dialling
            </Button>
          )}
          <Button variant="default" onClick={() => edit({ action: 'done' })} disabled={!active}>
            Done
          </Button>
          <Button variant="subtle" color="gray" onClick={() => edit({ action: 'leave' })}>
            Leave
          </Button>
          <Badge
            size="lg"
            variant="dot"
            color={me.onCall ? 'green' : me.dialling ? 'blue' : 'gray'}
            tt="none"
          >
            {status}
          </Badge>
          {me.lines === 1 && me.dialling && (
            <Text size="xs" c="dimmed">
              One line: keeping abandoned calls under 3 %
            </Text>
          )}
        </Group>
        <Group gap="sm">
          <Group gap={6} align="baseline" wrap="nowrap" aria-label="Call timer" role="timer">
            {ended && (
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Last call
              </Text>
            )}
            <Text ff="monospace" fz="xl" fw={600} c={ended ? 'dimmed' : undefined}>
              {timer}
            </Text>
          </Group>
          <Button
            color="red"
            leftSection={<IconPhoneOff size={16} />}
            disabled={!live || !active.sid}
            onClick={() => active?.sid && end.mutate([active.sid])}
          >
            End call
          </Button>
        </Group>
      </Group>
      {me.ringing.length > 0 && (
        <Group gap="xs" mt="sm" aria-label="Lines">
          {me.ringing.map((l) => (
            <Group
              key={l._id}
              gap={6}
              px="sm"
              py={4}
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            >
              <Text size="sm" fw={500}>
                {l.name || formatPhone(l.phone)}
              </Text>
              <Badge size="sm" variant="light" color={l.status === 'Machine' ? 'orange' : 'blue'}>
                {l.status === 'Machine' ? 'Voicemail' : l.status}
              </Badge>
              {l.status === 'Machine' && l.sid && (
                <Button
                  size="compact-xs"
                  leftSection={<IconMessage2 size={14} />}
                  disabled={!me.selectedVm}
                  title={me.selectedVm ? undefined : 'Select a voicemail first.'}
                  onClick={() => leaveVm.mutate(l.sid!)}
                >
                  Leave VM
                </Button>
              )}
            </Group>
          ))}
        </Group>
      )}
    </Card>
  );
}
