import { Button, Kbd } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SearchModal } from './search-modal';

/** The top bar's search: the button or Ctrl+K (⌘K on a Mac) opens it. */
export function SearchButton({ onOpenItem }: { onOpenItem: (id: string) => void }) {
  const [opened, modal] = useDisclosure(false);
  useHotkeys([['mod+K', modal.open]], []);
  return (
    <>
      <Button
        variant="default"
        color="gray"
        size="sm"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        onClick={modal.open}
        aria-keyshortcuts="Control+K"
        styles={{ label: { color: 'var(--mantine-color-gray-6)', fontWeight: 400, minWidth: 120 } }}
      >
        Search
      </Button>
      <SearchModal opened={opened} onClose={modal.close} onOpenItem={onOpenItem} />
    </>
  );
}
