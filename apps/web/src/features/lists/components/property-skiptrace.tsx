import { useState } from 'react';
import { useSkiptraceProperty, useSkiptraceState } from '../api/skiptrace';
import { SkiptraceButton } from '../../../components/skiptrace/skiptrace-button';
import { SkiptraceDialog } from '../../../components/skiptrace/skiptrace-dialog';

/** A property without phones: 'Skiptrace' with its price, confirmed, then traced at once. */
export function PropertySkiptrace({ listId, propId }: { listId: string; propId: string }) {
  const state = useSkiptraceState(listId);
  const trace = useSkiptraceProperty(listId);
  const [open, setOpen] = useState(false);
  const data = state.data;
  return (
    <>
      <SkiptraceButton
        size="xs"
        price={data ? data.prices.single : null}
        disabled={!data}
        onClick={() => setOpen(true)}
      />
      {data && (
        <SkiptraceDialog
          opened={open}
          onClose={() => setOpen(false)}
          count={1}
          prices={data.prices}
          demo={data.demo}
          pending={trace.isPending}
          onConfirm={(type) => trace.mutate({ propId, type }, { onSettled: () => setOpen(false) })}
        />
      )}
    </>
  );
}
