import { useState } from 'react';
import {
  ActionIcon,
  Center,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconMessageBolt, IconSearch } from '@tabler/icons-react';
import { cutPreview, messages } from '@prospector/core';
import { useTemplates } from '../api/get-templates';
import { useLiveTemplates } from '../hooks/use-live-templates';
import { replyTitle } from '../utils/reply-title';
import classes from './templates.module.css';

/** Above this many replies the picker offers a search. */
const SEARCH_FROM = 6;

type QuickReplyPickerProps = {
  /** Receives the chosen reply's text. */
  onPick: (text: string) => void;
  disabled?: boolean;
};

function ReplyChoices({ onPick }: { onPick: (text: string) => void }) {
  const templates = useTemplates();
  useLiveTemplates();
  const [search, setSearch] = useState('');
  if (templates.isPending)
    return (
      <Center h={120}>
        <Loader size="sm" aria-label="Loading the quick replies" />
      </Center>
    );
  if (templates.isError)
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        The quick replies could not be loaded.
      </Text>
    );
  const replies = templates.data.quickReplies;
  if (replies.length === 0)
    return (
      <Stack align="center" gap={4} py="lg">
        <Text fw={600} size="sm">
          {messages.templates.noQuickReplies}
        </Text>
        <Text size="sm" c="dimmed">
          Add them in Templates › Quick Replies.
        </Text>
      </Stack>
    );
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? replies.filter((r) => `${r.title}\n${r.text}`.toLowerCase().includes(needle))
    : replies;
  return (
    <Stack gap="sm">
      {replies.length >= SEARCH_FROM && (
        <TextInput
          aria-label="Search quick replies"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
      )}
      <ScrollArea.Autosize mah="60vh">
        <Stack component="ul" gap={8} aria-label="Quick replies" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((reply) => (
            <li key={reply._id}>
              <UnstyledButton className={classes.pick} onClick={() => onPick(reply.text)}>
                <Text fw={650} size="sm" c={reply.title.trim() ? undefined : 'dimmed'}>
                  {replyTitle(reply)}
                </Text>
                <Text size="sm" c="dimmed">
                  {cutPreview(reply.text)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
          {shown.length === 0 && (
            <Text component="li" size="sm" c="dimmed" ta="center" py="md">
              No quick reply matches “{search.trim()}”.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * The 'Quick replies' button of a message box and its modal (spec part 1 §2.6): the team's replies,
 * each a title and a preview cut at 80 characters; choosing one hands its text to the box.
 */
export function QuickReplyPicker({ onPick, disabled }: QuickReplyPickerProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* An icon beside Send, as message boxes do: the box's hint keeps its one line. */}
      <Tooltip label="Quick replies" withArrow>
        <ActionIcon
          variant="default"
          size={30}
          aria-label="Quick replies"
          onClick={() => setOpened(true)}
          disabled={disabled}
        >
          <IconMessageBolt size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<Text fw={700}>Quick replies</Text>}
        size="lg"
      >
        {opened && (
          <ReplyChoices
            onPick={(text) => {
              setOpened(false);
              onPick(text);
            }}
          />
        )}
      </Modal>
    </>
  );
}
