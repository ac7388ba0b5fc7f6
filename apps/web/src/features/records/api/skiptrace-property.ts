import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPropertySkiptrace, skiptraceProperty, type SkiptraceType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { recordKeys } from './records-keys';

/** Whether the property has phones, the team's prices per hit, and whether the provider is the demo. */
export function usePropertySkiptrace(propId: string) {
  return useQuery({
    queryKey: recordKeys.skiptrace(propId),
    queryFn: () => call(getPropertySkiptrace, undefined, { params: { propId } }),
  });
}

/** Traces the property now; the record (its linked owners) and the lists' figures follow. */
export function useSkiptraceRecord(propId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: SkiptraceType) => call(skiptraceProperty, { propId, type, permissibleUse: true }),
    onSuccess: ({ results }) => {
      void queryClient.invalidateQueries({ queryKey: recordKeys.detail(propId) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.skiptrace(propId) });
      const phones = results.owners.reduce((n, o) => n + o.phones.length, 0);
      notifySuccess(
        results.hit
          ? `Found ${phones} ${phones === 1 ? 'phone' : 'phones'} for this property.`
          : 'No owner data was found for this property. Nothing was charged.',
      );
    },
  });
}
