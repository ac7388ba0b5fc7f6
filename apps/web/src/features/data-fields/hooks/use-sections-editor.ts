import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sectionsProblem, type DataSection, type RecordType } from '@prospector/core';
import { dataFieldsKeys } from '../api/data-fields-keys';
import { useCustomFields } from '../api/get-custom-fields';
import { updateCustomFields, useUpdateCustomFields } from '../api/update-custom-fields';

/** The spec's debounce of PATCH /settings/updateCustomFields. */
export const SAVE_DELAY_MS = 500;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** Not sent: a rule is broken (a name left empty, say); the edit stays on screen to be finished. */
  | { kind: 'invalid'; message: string }
  /** Refused by the server: the screen is back at the last saved state. */
  | { kind: 'failed'; message: string };

/**
 * One entity's sections being edited: every change shows at once and the whole entity is saved
 * 500 ms after the last one. A refused save rolls back to the last saved state.
 */
export function useSectionsEditor(
  type: RecordType,
  memberIds: readonly string[] | undefined,
  onState: (state: SaveState) => void,
) {
  const queryClient = useQueryClient();
  const query = useCustomFields(type);
  const save = useUpdateCustomFields();
  const [draft, setDraft] = useState<DataSection[] | null>(null);
  const version = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<DataSection[] | null>(null);
  const saved = query.data;
  const sections = draft ?? saved ?? [];

  const send = useCallback(() => {
    timer.current = null;
    const next = latest.current;
    if (!next) return;
    const sent = version.current;
    onState({ kind: 'saving' });
    save.mutate(
      { type, sections: next },
      {
        onSuccess: () => {
          if (version.current !== sent) return;
          latest.current = null;
          setDraft(null);
          onState({ kind: 'saved' });
        },
        onError: (error) => {
          version.current += 1;
          latest.current = null;
          setDraft(null);
          onState({ kind: 'failed', message: error.message });
        },
      },
    );
  }, [onState, save, type]);

  const change = useCallback(
    (next: DataSection[]) => {
      version.current += 1;
      setDraft(next);
      if (timer.current) clearTimeout(timer.current);
      // Until the members are loaded, the sections' own member ids stand for them.
      const members = memberIds ?? next.flatMap((s) => s.users);
      const problem = sectionsProblem(saved ?? [], next, members);
      if (problem) {
        latest.current = null;
        onState({ kind: 'invalid', message: problem });
        return;
      }
      latest.current = next;
      onState({ kind: 'waiting' });
      timer.current = setTimeout(send, SAVE_DELAY_MS);
    },
    [memberIds, onState, saved, send],
  );

  // Leaving the screen (or the entity) sends what is still waiting rather than losing it.
  useEffect(
    () => () => {
      if (!timer.current || !latest.current) return;
      clearTimeout(timer.current);
      const sections = latest.current;
      void updateCustomFields({ type, sections }).then(
        (answer) => queryClient.setQueryData(dataFieldsKeys.entity(type), answer),
        () => queryClient.invalidateQueries({ queryKey: dataFieldsKeys.entity(type) }),
      );
    },
    [queryClient, type],
  );

  return { query, sections, change };
}
