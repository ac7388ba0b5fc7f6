import { useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconPhone, IconPhoneIncoming, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages, type CallStatus, type DiallerStateDto, paths } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { useBuyNumber } from '../api/calls';
import { diallerKeys } from '../api/dialler-keys';
import { useDialler } from '../api/get-dialler';
import { useSimulateInbound } from '../api/inbound';
import { useCallTones, useTwilioDevice } from '../hooks/use-dialler-audio';
import { useDiallerSocket } from '../hooks/use-dialler-socket';
import { ActiveMembers } from './active-members';
import { CallPanel } from './call-panel';
import { CallSettingsModal } from './call-settings-modal';
import { DiallerBar } from './dialler-bar';
import { IncomingCall } from './incoming-call';
import { QueueList } from './queue-list';
import { QueueWaiting } from './queue-waiting';
import { VoicemailsPanel } from './voicemails-panel';

const m = messages.dialler;

/** The line's sounds; the fallback text shows in a browser without HTML5 audio (spec part 1 §2.1, §2.7). */
function CallAudio({ me, simulated }: { me: DiallerStateDto; simulated: boolean }) {
  const ringing = useRef<HTMLAudioElement>(null);
  const connect = useRef<HTMLAudioElement>(null);
  const disconnect = useRef<HTMLAudioElement>(null);
  const remote = useRef<HTMLAudioElement>(null);
  useCallTones(me, simulated, ringing, connect, disconnect, remote);
  return (
    <div hidden>
      <audio ref={ringing} src="/audio/ringing.wav" loop preload="auto">
        {m.noAudio}
      </audio>
      <audio ref={connect} src="/audio/connect.wav" preload="auto" />
      <audio ref={disconnect} src="/audio/disconnect.wav" preload="auto" />
      <audio ref={remote} src="/audio/greeting.wav" preload="auto" />
    </div>
  );
}

/** The status of each record on a line now: the ringing lines, then the active call over them. */
function liveStatuses(me: DiallerStateDto): Map<string, CallStatus> {
  const lines = [...me.ringing, ...(me.activeCall ? [me.activeCall] : [])];
  return new Map(lines.filter((c) => c.itemId).map((c) => [c.itemId!, c.status]));
}

/** /dialler (spec part 1 §2.7, §4): join, pick a voicemail, dial the queue two lines at a time. */
export function DiallerScreen({
  canCreateCampaign,
  canBuyNumbers,
}: {
  canCreateCampaign: boolean;
  canBuyNumbers: boolean;
}) {
  const page = useDialler();
  const queryClient = useQueryClient();
  const { join, edit } = useDiallerSocket();
  const buy = useBuyNumber();
  const [vmStepDone, setVmStepDone] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const simulate = useSimulateInbound();
  const data = page.data;
  const me = data?.me;
  const simulated = data?.provider === 'simulated';
  useTwilioDevice(data?.provider === 'twilio' && !!me?.active);

  const header = (
    <Group justify="space-between">
      <PageTitle>Dialler</PageTitle>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconSettings size={16} />}
          onClick={() => setSettingsOpen(true)}
        >
          Call settings
        </Button>
        {canCreateCampaign && (
          <Button
            component={Link}
            to={paths.campaignBuilder}
            state={{ campaignType: 'Call' }}
            leftSection={<IconPlus size={16} />}
            variant="light"
            aria-label="New call campaign"
          >
            Campaign
          </Button>
        )}
      </Group>
    </Group>
  );
  if (page.isError)
    return (
      <Stack>
        {header}
        <LoadFailed message={messages.shell.genericError} onRetry={() => void page.refetch()} />
      </Stack>
    );
  if (!data || !me) return <Stack>{header}</Stack>;

  const noNumbers = data.numbers.length === 0;
  return (
    <Stack gap="lg">
      {header}
      <CallSettingsModal
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        voicemails={data.voicemails}
      />
      <CallAudio me={me} simulated={simulated} />
      {simulated && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />} p="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{m.simulatedLine}</Text>
            {me.active && !me.dialling && !me.onCall && !noNumbers && (
              <Button
                size="xs"
                variant="white"
                leftSection={<IconPhoneIncoming size={14} />}
                loading={simulate.isPending}
                onClick={() => simulate.mutate()}
              >
                Simulate an incoming call
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {me.notice && (
        <Alert variant="light" color="orange" title="Dialling stopped" p="sm">
          {me.notice}
        </Alert>
      )}
      {me.incoming.map((c) => (
        <IncomingCall key={c._id} call={c} />
      ))}
      {noNumbers && (
        <Alert variant="light" color="yellow" title={m.noPhonesFound}>
          <Group justify="space-between">
            <Text size="sm">{m.noPhones}</Text>
            {canBuyNumbers && (
              <Button size="xs" loading={buy.isPending} onClick={() => buy.mutate()}>
                Get a number
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {!me.active ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ActiveMembers members={data.members} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack align="flex-start">
              <Text c="dimmed">
                Join to call your queue, two lines at a time. The team sees you in the list.
              </Text>
              <Button
                size="md"
                leftSection={<IconPhone size={18} />}
                onClick={() => {
                  setVmStepDone(false);
                  void join();
                }}
              >
                Join
              </Button>
              {!noNumbers && (
                <Text size="sm" c="dimmed">
                  Caller ID: {data.numbers.map((n) => formatPhone(n.number)).join(', ')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      ) : !vmStepDone && !me.activeCall ? (
        <Stack>
          <Text>Choose the voicemail to leave when a call reaches an answering machine.</Text>
          <VoicemailsPanel
            voicemails={data.voicemails}
            selectedVm={me.selectedVm}
            onSelect={(vmId) => void edit({ selectedVm: vmId })}
          />
          <Group>
            <Button onClick={() => setVmStepDone(true)}>
              {me.selectedVm ? 'Continue' : 'Continue without a voicemail'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <DiallerBar me={me} edit={(e) => void edit(e)} />
          {me.activeCall && <CallPanel call={me.activeCall} />}
          <QueueWaiting waiting={data.waiting} me={me} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <QueueList
                queue={data.queue}
                live={liveStatuses(me)}
                refreshing={page.isFetching}
                onRefresh={() => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack>
                <ActiveMembers members={data.members} />
                <VoicemailsPanel
                  voicemails={data.voicemails}
                  selectedVm={me.selectedVm}
                  onSelect={(vmId) => void edit({ selectedVm: vmId })}
                />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}
