import { useMutation } from '@tanstack/react-query';
import { markChatRead } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useApplyRead } from '../hooks/use-apply-message';

/** Opening a chat marks it read (spec part 1 §4): at once here, then on the server for the other tabs. */
export function useMarkChatRead() {
  const applyRead = useApplyRead();
  return useMutation({
    mutationFn: (input: { chatId: string; seq: number }) => call(markChatRead, input, { quiet: true }),
    onMutate: ({ chatId, seq }) => applyRead({ chatId, lastReadSeq: seq, notifCount: null }),
    onSuccess: (answer) => applyRead(answer),
  });
}
