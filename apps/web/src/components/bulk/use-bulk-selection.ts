import { useState } from 'react';
import type { BulkSelection } from '@prospector/core';

export type BulkSelectionState = ReturnType<typeof useBulkSelection>;

/**
 * Ticked rows of a screen, or "all that match" its filter across pages. A new filter (`scope`) starts
 * a new, empty selection: what was ticked under another filter is not silently kept.
 */
export function useBulkSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string>; all: boolean }>({
    scope,
    ids: new Set(),
    all: false,
  });
  const current = state.scope === scope ? state : { scope, ids: new Set<string>(), all: false };
  const update = (ids: ReadonlySet<string>, all: boolean) => setState({ scope, ids, all });
  return {
    ids: current.ids,
    all: current.all,
    any: current.all || current.ids.size > 0,
    isSelected: (id: string) => current.all || current.ids.has(id),
    toggle(id: string) {
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      update(ids, false);
    },
    /** Ticks (or unticks) every row shown. */
    setShown(shown: readonly string[], checked: boolean) {
      update(checked ? new Set([...current.ids, ...shown]) : new Set(), false);
    },
    selectAll: () => update(current.ids, true),
    clear: () => update(new Set(), false),
    /** What the server is asked to change: the ticked ids, or the filter itself. */
    selection(filter: BulkSelection): BulkSelection | null {
      if (current.all) return filter;
      return current.ids.size > 0 ? { kind: 'ids', ids: [...current.ids] } : null;
    },
  };
}
