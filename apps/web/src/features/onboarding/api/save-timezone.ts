import { useMutation } from '@tanstack/react-query';
import { updateTimezone } from '@prospector/core';
import { call } from '../../../lib/api-client';

/** Step 2: the team's time zone, with the label the user picked it by. */
export function useSaveTimezone() {
  return useMutation({
    mutationFn: (timezone: { value: string; text: string }) =>
      call(updateTimezone, { timezone }, { quiet: true }),
  });
}
