import { Avatar, Box, Group, Image, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ChatMessageDto } from '@prospector/core';
import { formatDateTime, initialsOf } from '../../../lib/format';
import { useChatImage } from '../api/get-chat-image';
import { RecordCards } from './record-cards';

type ChatMessageProps = {
  message: ChatMessageDto;
  own: boolean;
  timeZone?: string | null;
  onEnlarge: (url: string) => void;
  onOpenItem: (id: string) => void;
};

function Thumbnail({
  file,
  onEnlarge,
}: {
  file: NonNullable<ChatMessageDto['file']>;
  onEnlarge: (url: string) => void;
}) {
  const thumb = useChatImage(file.thumbUrl);
  const width = Math.min(file.width, 240);
  const height = Math.round((file.height / Math.max(file.width, 1)) * width);
  return (
    <UnstyledButton onClick={() => onEnlarge(file.url)} aria-label="Enlarge image" mb={4}>
      {thumb.data ? (
        <Image src={thumb.data} alt="Chat image" w={width} h={height} radius="md" />
      ) : (
        <Skeleton w={width} h={height} radius="md" />
      )}
    </UnstyledButton>
  );
}

/** One message: a system note centred; otherwise a bubble, the reader's own on the right. */
export function ChatMessage({ message: m, own, timeZone, onEnlarge, onOpenItem }: ChatMessageProps) {
  if (m.system)
    return (
      <Text size="xs" c="dimmed" ta="center" py={4} data-seq={m.seq}>
        {m.body} · {formatDateTime(m.createdAt, timeZone)}
      </Text>
    );
  const name = m.sender?.name ?? '';
  return (
    <Group gap={8} align="flex-end" justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" data-seq={m.seq}>
      {!own && (
        <Avatar src={m.sender?.avatar} radius="xl" size={28} color={m.fromSupport ? 'teal' : 'brand'}>
          {initialsOf(name)}
        </Avatar>
      )}
      <Stack gap={2} maw="75%" align={own ? 'flex-end' : 'flex-start'}>
        {!own && (
          <Text size="xs" fw={600} c="dimmed">
            {name}
          </Text>
        )}
        <Box
          px={12}
          py={8}
          style={{
            borderRadius: 14,
            background: own ? 'var(--mantine-color-brand-6)' : 'var(--mantine-color-gray-1)',
            color: own ? 'white' : undefined,
          }}
        >
          {m.file && <Thumbnail file={m.file} onEnlarge={onEnlarge} />}
          {m.body && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {m.body}
            </Text>
          )}
          {m.records.length > 0 && <RecordCards itemIds={m.records} onOpenItem={onOpenItem} />}
        </Box>
        <Text size="10px" c="dimmed">
          {formatDateTime(m.createdAt, timeZone)}
        </Text>
      </Stack>
    </Group>
  );
}
