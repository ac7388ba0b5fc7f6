import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/**
 * A search box's text as typed, and the search it stands for: trimmed, and changed only `delayMs`
 * after the last keystroke (spec part 2 §9), so a query runs once per pause, not per key.
 */
export function useDebouncedSearch(delayMs: number) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((value: string) => setSearch(value.trim()), delayMs);

  function changeInput(value: string) {
    setInput(value);
    applySearch(value);
  }

  return { input, search, changeInput };
}
