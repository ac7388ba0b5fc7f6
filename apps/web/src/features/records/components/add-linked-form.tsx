import { useState, type FormEvent } from 'react';
import { Button, Combobox, Group, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconHome, IconUser } from '@tabler/icons-react';
import { messages, SEARCH_DEBOUNCE_MS, type ItemSummary, type ItemType } from '@prospector/core';
import { normalizePhone } from '../../../lib/phone-format';
import { useLinkSuggestions } from '../api/link-suggestions';
import { SummaryLines } from './summary-lines';

export type AddLinked = {
  type: ItemType;
  /** Adds by what was typed, or links the picked record (`existingId`). */
  onAdd: (input: { idt: string; existingId?: string }, done: () => void) => void;
  pending: boolean;
  /** Records never suggested: the open record and those already linked to it. */
  exclude: readonly string[];
};

const ADD_LABELS: Record<ItemType, { label: string; placeholder: string; plural: string }> = {
  contact: { label: 'New contact phone', placeholder: 'Add a contact by phone', plural: 'contacts' },
  property: { label: 'New property address', placeholder: 'Add a property by address', plural: 'properties' },
  company: {
    label: 'New company name or website',
    placeholder: 'Add a company by name or website',
    plural: 'companies',
  },
};
const NONE: ItemSummary[] = [];
const ICONS = { contact: IconUser, property: IconHome, company: IconBuildingSkyscraper } as const;

function Suggestion({ suggestion }: { suggestion: ItemSummary }) {
  const Icon = ICONS[suggestion.type];
  return (
    <Group gap="sm" wrap="nowrap">
      <Icon size={16} color="var(--mantine-color-gray-6)" aria-hidden />
      <SummaryLines summary={suggestion} />
    </Group>
  );
}

/**
 * The add box under a linked panel. As the user types, the team's matching records are suggested:
 * picking one links it. What is submitted is stacked by the server as imports stack, so an address
 * or name the team already has links its record instead of making a copy.
 */
export function AddLinkedForm({ add }: { add: AddLinked }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS);
  const found = useLinkSuggestions(add.type, debounced);
  const suggestions = (found.data ?? NONE).filter((s) => !add.exclude.includes(s._id));
  const { label, placeholder, plural } = ADD_LABELS[add.type];
  const clear = () => setDraft('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const idt = draft.trim();
    if (!idt) return;
    // 'Adding a contact requires a valid phone after normalisation': no call is made otherwise.
    if (add.type === 'contact' && !normalizePhone(idt)) {
      setError(messages.records.invalidPhone);
      return;
    }
    combobox.closeDropdown();
    add.onAdd({ idt }, clear);
  }

  function pick(id: string) {
    const picked = suggestions.find((s) => s._id === id);
    if (!picked) return;
    combobox.closeDropdown();
    add.onAdd({ idt: picked.title, existingId: picked._id }, clear);
  }

  const showSuggestions = draft.trim().length > 0 && suggestions.length > 0;
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false} position="bottom-start">
          <Combobox.Target>
            <TextInput
              aria-label={label}
              placeholder={placeholder}
              value={draft}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setError(null);
                combobox.openDropdown();
                combobox.resetSelectedOption();
              }}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              error={error}
              size="sm"
              style={{ flex: 1 }}
              autoComplete="off"
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!showSuggestions}>
            <Combobox.Options aria-label={`Your team's ${plural}`}>
              <Combobox.Group label={`Already on your team: pick one to link it`}>
                {suggestions.map((s) => (
                  <Combobox.Option value={s._id} key={s._id} aria-label={s.title}>
                    <Suggestion suggestion={s} />
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Button
          type="submit"
          variant="default"
          size="sm"
          loading={add.pending}
          aria-label={`Add ${add.type}`}
        >
          Add
        </Button>
      </Group>
    </form>
  );
}
