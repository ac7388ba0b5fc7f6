import { Alert, List, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import type { DiallerStateDto, DiallerWaitingDto } from '@prospector/core';
import { useNow } from '../../../lib/use-now';
import { diallerWaitingSentence, nextCallSentence } from '../utils/waiting-sentences';

/**
 * Why the dialler is not calling the member's queue (issue 30): who waits for their calling hours and
 * until when, who their state's 24-hour limit holds (issue 32), who is DNC or Wrong #, and the next
 * call. Shown while some of the queue waits, or while the member dials and nothing can be called.
 */
export function QueueWaiting({ waiting, me }: { waiting: DiallerWaitingDto; me: DiallerStateDto }) {
  const now = new Date(useNow());
  const stalled = me.dialling && waiting.callable === 0 && me.ringing.length === 0 && !me.onCall;
  if (waiting.groups.length === 0 && !stalled) return null;
  return (
    <Alert
      variant="light"
      color={stalled ? 'orange' : 'gray'}
      icon={<IconClockPause />}
      title={stalled ? 'Not calling now' : 'Not called yet'}
      p="sm"
    >
      <List size="sm" spacing={2}>
        {waiting.groups.map((g) => (
          <List.Item key={`${g.reason}|${g.law ?? ''}`}>
            {diallerWaitingSentence(g, waiting.timezone, now)}
          </List.Item>
        ))}
      </List>
      <Text size="sm" fw={500} mt={6}>
        {nextCallSentence(waiting, now)}
      </Text>
    </Alert>
  );
}
