import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconMicrophone, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { messages, VM_NAME_DEBOUNCE_MS, type VoicemailDto } from '@prospector/core';
import { notifyError } from '../../../lib/notify';
import { useEditVm, useRecordVm, useRemoveVm, useVmAudio } from '../api/voicemails';

const noAudio = messages.dialler.noAudio;

/** Ogg/Opus where the browser records it, else WebM/Opus (Chromium records only WebM). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
}

function VoicemailRow({
  vm,
  selected,
  onSelect,
}: {
  vm: VoicemailDto;
  selected: boolean;
  onSelect: () => void;
}) {
  const [name, setName] = useState(vm.name);
  const edit = useEditVm();
  const remove = useRemoveVm();
  const audio = useVmAudio(vm._id);
  // The name is saved 300 ms after the last keystroke (spec part 1 §9).
  useEffect(() => {
    if (name.trim() === vm.name || !name.trim()) return;
    const timer = setTimeout(() => edit.mutate({ vmId: vm._id, name: name.trim() }), VM_NAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [name, vm._id, vm.name, edit]);
  return (
    <Group wrap="nowrap" gap="sm" data-testid="voicemail">
      <TextInput
        aria-label="Voicemail name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        w={180}
      />
      <audio controls src={audio.data} preload="none" style={{ height: 32, flex: 1, minWidth: 0 }}>
        {noAudio}
      </audio>
      <Button
        size="xs"
        variant={selected ? 'filled' : 'default'}
        leftSection={selected ? <IconCheck size={14} /> : null}
        onClick={onSelect}
      >
        {selected ? 'Selected' : 'Select'}
      </Button>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${vm.name}`}
        onClick={() => remove.mutate(vm._id)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Voicemails: Record new / Stop recording, and the team's voicemails to name, play, delete and select. */
export function VoicemailsPanel(props: {
  voicemails: VoicemailDto[];
  selectedVm: string | null;
  onSelect: (vmId: string | null) => void;
}) {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const upload = useRecordVm();
  const type = recorderType();

  async function start() {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const r = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      r.ondataavailable = (e) => chunks.push(e.data);
      r.onstop = () => {
        stream.getTracks().forEach((t) => t.stop());
        // A zero-size recording is never uploaded (spec part 1 §5).
        const blob = new Blob(chunks, { type: r.mimeType || type || 'audio/ogg' });
        if (blob.size > 0) upload.mutate(blob);
      };
      r.start();
      recorder.current = r;
      setRecording(true);
    } catch {
      notifyError('The microphone is not available: allow it in the browser to record a voicemail.');
    }
  }
  function stop() {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          Voicemails
        </Title>
        {recording ? (
          <Button color="red" leftSection={<IconPlayerStopFilled size={16} />} onClick={stop}>
            Stop recording
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconMicrophone size={16} />}
            onClick={() => void start()}
            disabled={!type}
          >
            Record new
          </Button>
        )}
      </Group>
      {typeof Audio === 'undefined' && <Text c="red">{noAudio}</Text>}
      <Stack gap="xs">
        {props.voicemails.length === 0 && (
          <Text c="dimmed" size="sm">
            No voicemails yet. Record one to leave it on answering machines with one click.
          </Text>
        )}
        {props.voicemails.map((vm) => (
          <VoicemailRow
            key={vm._id}
            vm={vm}
            selected={props.selectedVm === vm._id}
            onSelect={() => props.onSelect(props.selectedVm === vm._id ? null : vm._id)}
          />
        ))}
      </Stack>
    </Card>
  );
}
