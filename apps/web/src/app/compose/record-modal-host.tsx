import { useState } from 'react';
import type { CurrentUser } from '@prospector/core';
import { LazyBoundary, lazyNamed, usePreload } from '../../components/lazy-load';
import { useRecordParam } from './use-record-param';

// The record modal (fields, texts, tasks, the composer, phone formatting, date pickers) is most of
// the workspace's code and no screen needs it to show: it loads when idle, or with the first record.
const RecordModalView = lazyNamed(() => import('./record-modal-view'), 'RecordModalView', {
  onDemand: true,
});

/** Mounts the record modal once a record has been opened (`?record=`); it stays for its transitions. */
export function RecordModalHost({ user }: { user: CurrentUser }) {
  const { recordId } = useRecordParam();
  const [wanted, setWanted] = useState(false);
  usePreload(RecordModalView, 'idle');
  if (!wanted && recordId !== null) setWanted(true);
  if (!wanted) return null;
  return (
    <LazyBoundary variant="overlay" fallback={null}>
      <RecordModalView user={user} />
    </LazyBoundary>
  );
}
