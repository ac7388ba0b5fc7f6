import { useState, type KeyboardEvent } from 'react';
import {
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconHome, IconSearch, IconUser } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type ItemSummary } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { useSearchResults, type SearchType } from '../api/search-records';

const TYPES: { value: SearchType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'contact', label: 'Contacts' },
  { value: 'property', label: 'Properties' },
  { value: 'company', label: 'Companies' },
];
const ICONS = { contact: IconUser, property: IconHome, company: IconBuildingSkyscraper } as const;
const LISTBOX_ID = 'search-results';
const NO_RESULTS: ItemSummary[] = [];

type SearchPanelProps = { onOpenItem: (id: string) => void };

function ResultRow({ result, active, onOpen }: { result: ItemSummary; active: boolean; onOpen: () => void }) {
  const Icon = ICONS[result.type];
  return (
    <UnstyledButton
      id={`search-result-${result._id}`}
      role="option"
      aria-selected={active}
      onClick={onOpen}
      px="sm"
      py={8}
      tabIndex={-1}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-color-brand-0)' : undefined,
        outline: active ? '1px solid var(--mantine-color-brand-3)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Icon size={18} color="var(--mantine-color-gray-6)" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {result.title}
          </Text>
          {result.subtitle && (
            <Text size="xs" c="dimmed" truncate>
              {formatPhone(result.subtitle)}
            </Text>
          )}
        </Stack>
        {result.status && (
          <Badge size="sm" variant="light" tt="none">
            {result.status}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/**
 * Search (spec part 1 §2.6, §4): at least 3 characters, asked 500 ms after the last keystroke;
 * clearing the text clears the results; arrows move the highlight, Enter opens the record.
 */
function SearchPanel({ onOpenItem }: SearchPanelProps) {
  const [text, setText] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const [highlighted, setHighlighted] = useState(0);
  const typed = text.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const enabled = typed.length >= SEARCH_MIN_CHARS && debounced.length >= SEARCH_MIN_CHARS;
  const search = useSearchResults(debounced, type, enabled);
  const results = (enabled && search.data) || NO_RESULTS;
  // New results start with the first one highlighted.
  const [seen, setSeen] = useState(results);
  if (seen !== results) {
    setSeen(results);
    setHighlighted(0);
  }
  const current = Math.min(highlighted, Math.max(results.length - 1, 0));

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlighted((current + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlighted((current - 1 + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const result = results[current];
      if (result) onOpenItem(result._id);
    }
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Search in"
        data={TYPES}
        value={type}
        onChange={(v) => setType(v as SearchType)}
        size="sm"
        fullWidth
      />
      <TextInput
        aria-label="Search"
        placeholder="Names, phones, e-mails, addresses…"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={handleKeyDown}
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching && enabled ? <Loader size="xs" /> : null}
        data-autofocus
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={results[current] ? `search-result-${results[current]._id}` : undefined}
        size="md"
      />
      {typed.length > 0 && typed.length < SEARCH_MIN_CHARS && (
        <Text size="xs" c="dimmed">
          Type at least {SEARCH_MIN_CHARS} characters.
        </Text>
      )}
      <Stack gap={2} role="listbox" id={LISTBOX_ID} aria-label="Results">
        {results.map((result, index) => (
          <ResultRow
            key={result._id}
            result={result}
            active={index === current}
            onOpen={() => onOpenItem(result._id)}
          />
        ))}
      </Stack>
      {enabled && search.isSuccess && results.length === 0 && !search.isFetching && (
        <Center py="md">
          <Text size="sm" c="dimmed">
            No records found.
          </Text>
        </Center>
      )}
    </Stack>
  );
}

type SearchModalProps = { opened: boolean; onClose: () => void; onOpenItem: (id: string) => void };

export function SearchModal({ opened, onClose, onOpenItem }: SearchModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Search"
      size="lg"
      centered={false}
      yOffset="10vh"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <SearchPanel
        onOpenItem={(id) => {
          onClose();
          onOpenItem(id);
        }}
      />
    </Modal>
  );
}
