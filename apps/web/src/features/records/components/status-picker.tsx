import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { canHaveStatus, messages, nextLeadStatus, type ItemDto, type StatusDto } from '@prospector/core';
import { notifyError } from '../../../lib/notify';
import { useChangeStatus } from '../api/change-status';

type StatusPickerProps = { item: ItemDto; statuses: readonly StatusDto[]; onChanged?: () => void };

/**
 * The lead's status (spec part 1 §4, §5): picking the current one again clears it; a lead without a
 * primary phone or e-mail cannot get one, and no call is made.
 */
export function StatusPicker({ item, statuses, onChanged }: StatusPickerProps) {
  const change = useChangeStatus(item._id, onChanged);
  const texts = statuses.map((s) => s.text);
  if (item.status && !texts.includes(item.status)) texts.push(item.status);

  function pick(text: string) {
    const next = nextLeadStatus(item.status, text);
    if (next !== undefined && !canHaveStatus(item.idts)) {
      notifyError(messages.records.statusNeedsPrimary);
      return;
    }
    change.mutate({ status: next, prevStatus: item.status });
  }

  return (
    <Menu position="bottom-start" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant={item.status ? 'light' : 'default'}
          size="sm"
          rightSection={<IconChevronDown size={14} />}
          aria-label={`Status: ${item.status ?? 'No status'}`}
        >
          {item.status ?? 'No status'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Status</Menu.Label>
        {texts.map((text) => (
          <Menu.Item
            key={text}
            onClick={() => pick(text)}
            rightSection={text === item.status ? <IconCheck size={14} /> : null}
            fw={text === item.status ? 600 : undefined}
          >
            {text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
