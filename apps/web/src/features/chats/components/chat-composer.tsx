import { useRef, useState } from 'react';
import { ActionIcon, CloseButton, FileButton, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { AVATAR_ACCEPT, CHAT_INPUT_HEIGHT, canSendChat, chatMentions, messages } from '@prospector/core';
import { useSendChatMessage } from '../api/send-chat-message';

type ChatComposerProps = { chatId: string; members: readonly { _id: string; name: string }[] };

/**
 * The chat input (spec part 1 §2.6, §5): 40 px high at first and growing with the text; Enter sends,
 * Shift+Enter adds a line; sending needs text or an image.
 */
export function ChatComposer({ chatId, members }: ChatComposerProps) {
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const send = useSendChatMessage();
  // The file input keeps the last file picked: emptied with the image, so the same file can be picked again.
  const resetFile = useRef<() => void>(null);
  const dropImage = () => {
    setImage(null);
    resetFile.current?.();
  };
  const ready = canSendChat({ body, hasImage: image !== null }) && !send.isPending;

  function submit() {
    if (!ready) return;
    send.mutate(
      { chatId, body, image, mentions: chatMentions(body, members) },
      {
        onSuccess: () => {
          setBody('');
          dropImage();
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p={6}>
      {image && (
        <Group gap={6} px={6} pb={6} wrap="nowrap">
          <IconPhoto size={16} />
          <Text size="xs" truncate style={{ flex: 1 }}>
            {image.name}
          </Text>
          <CloseButton size="sm" aria-label="Remove the image" onClick={dropImage} />
        </Group>
      )}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <FileButton onChange={setImage} accept={AVATAR_ACCEPT} resetRef={resetFile}>
          {(props) => (
            <Tooltip label="Attach an image" withArrow>
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                size={CHAT_INPUT_HEIGHT}
                aria-label="Attach an image"
              >
                <IconPhoto size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          aria-label="Message"
          placeholder={messages.chats.placeholder}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={1}
          maxRows={6}
          variant="unstyled"
          styles={{ input: { minHeight: CHAT_INPUT_HEIGHT, paddingTop: 9, paddingBottom: 9 } }}
          style={{ flex: 1 }}
        />
        <ActionIcon
          size={CHAT_INPUT_HEIGHT}
          radius="md"
          aria-label="Send"
          onClick={submit}
          disabled={!ready}
          loading={send.isPending}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
