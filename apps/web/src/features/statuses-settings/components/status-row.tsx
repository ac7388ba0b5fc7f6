import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Group, Switch, Table, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhoneCall, IconTrash } from '@tabler/icons-react';
import { STATUS_TEXT_DEBOUNCE_MS, type StatusDto } from '@prospector/core';
import { useEditStatusText } from '../api/edit-status-text';
import { useSetStatusHidden } from '../api/set-status-hidden';
import type { OnStatusesChanged } from '../api/statuses-keys';
import { statusTextError } from './status-text-error';

type StatusRowProps = {
  status: StatusDto;
  /** The texts of the team's other statuses: a new name may not repeat them. */
  otherTexts: readonly string[];
  onRemove: () => void;
  /** Opens the status's call settings (forward, auto voicemail). */
  onCallSettings: () => void;
  onChanged?: OnStatusesChanged;
};

/** One status: its name (saved 1 s after the last keystroke), a Hidden switch, call settings and Remove. */
export function StatusRow({ status, otherTexts, onRemove, onCallSettings, onChanged }: StatusRowProps) {
  const [draft, setDraft] = useState(status.text);
  const [debounced] = useDebouncedValue(draft, STATUS_TEXT_DEBOUNCE_MS);
  const rename = useEditStatusText(onChanged);
  const hide = useSetStatusHidden(onChanged);
  const error = status.builtIn ? null : statusTextError(draft, otherTexts);
  const { mutate } = rename;
  // The last text sent: a re-render (the Hidden switch, a refetch) must not send it twice.
  const sent = useRef(status.text);

  useEffect(() => {
    const text = debounced.trim();
    if (status.builtIn || text === sent.current || statusTextError(text, otherTexts)) return;
    sent.current = text;
    mutate({ _id: status._id, text, prevText: status.text });
  }, [debounced, status._id, status.text, status.builtIn, otherTexts, mutate]);

  const label = `Status name: ${status.text}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <TextInput
            aria-label={label}
            value={status.builtIn ? status.text : draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            readOnly={status.builtIn}
            variant={status.builtIn ? 'filled' : 'default'}
            error={error}
            maxLength={60}
            flex={1}
          />
          {status.builtIn && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              Built in
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td w={120}>
        <Switch
          label="Hidden"
          aria-label={`Hide ${status.text}`}
          checked={status.hidden}
          onChange={(e) => hide.mutate({ _id: status._id, hidden: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td w={96} ta="right">
        <Tooltip label="Call settings">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Call settings for ${status.text}`}
            onClick={onCallSettings}
            mr={4}
          >
            <IconPhoneCall size={18} />
          </ActionIcon>
        </Tooltip>
        {!status.builtIn && (
          <Tooltip label="Remove status">
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${status.text}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
