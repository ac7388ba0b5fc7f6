import { useState } from 'react';
import { Alert, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { cleanSubtemplateValues, type SubtemplateDto } from '@prospector/core';
import { notifyInfo } from '../../../lib/notify';
import { useAddSubTemplate } from '../api/add-sub-template';
import { useEditSubTemplate } from '../api/edit-sub-template';
import { TemplateItemModal } from './template-item-modal';

const NAME_MAX = 40;
const OPTION_MAX = 500;

type SubtemplateModalProps = {
  /** The subtemplate edited; null: a new one. */
  subtemplate: SubtemplateDto | null;
  onClose: () => void;
};

/**
 * Adds or edits a subtemplate: a name and its options (spec part 2 §5). Save needs a name and, for a new
 * one, a first option; empty options are dropped, and an edit that leaves none removes the subtemplate.
 */
export function SubtemplateModal({ subtemplate, onClose }: SubtemplateModalProps) {
  const [name, setName] = useState(subtemplate?.name ?? '');
  const [options, setOptions] = useState<string[]>(subtemplate?.values.length ? subtemplate.values : ['']);
  const add = useAddSubTemplate();
  const edit = useEditSubTemplate();
  const pending = add.isPending || edit.isPending;
  const values = cleanSubtemplateValues(options);
  const canSave = name.trim().length > 0 && (subtemplate !== null || (options[0] ?? '').trim().length > 0);

  function setOption(index: number, value: string) {
    setOptions((current) => current.map((v, i) => (i === index ? value : v)));
  }

  function save() {
    const body = { name: name.trim(), values };
    if (!subtemplate) {
      add.mutate(body, { onSuccess: onClose });
      return;
    }
    edit.mutate(
      { _id: subtemplate._id, ...body },
      {
        onSuccess: ({ removed }) => {
          if (removed) notifyInfo(`The subtemplate “${body.name}” was removed: it had no options left.`);
          onClose();
        },
      },
    );
  }

  return (
    <TemplateItemModal
      title={subtemplate ? 'Edit subtemplate' : 'Add subtemplate'}
      canSave={canSave}
      pending={pending}
      onSave={save}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        description={`Templates use it as {${name.trim() || 'name'}}.`}
        placeholder="greeting"
        data-autofocus
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Stack gap={8}>
        <div>
          <Text size="sm" fw={500}>
            Options
          </Text>
          <Text size="xs" c="dimmed">
            Each text sent takes the next option, so recipients in a row read different wording.
          </Text>
        </div>
        {options.map((option, i) => (
          <Group key={i} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Option ${i + 1}`}
              placeholder={i === 0 ? 'Hi' : 'Hello'}
              maxLength={OPTION_MAX}
              value={option}
              onChange={(event) => setOption(i, event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <CloseButton
              aria-label={`Remove option ${i + 1}`}
              onClick={() => setOptions((current) => current.filter((_, j) => j !== i))}
            />
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => setOptions((current) => [...current, ''])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add option
        </Button>
      </Stack>
      {subtemplate && values.length === 0 && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
          Without options, saving removes this subtemplate.
        </Alert>
      )}
    </TemplateItemModal>
  );
}
