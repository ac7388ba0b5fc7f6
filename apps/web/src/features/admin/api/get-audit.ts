import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAuditLog } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A page of the audit log, newest first: staff actions only, or everything (sign-ins too). */
export function useAuditLog(scope: 'admin' | 'all', page: number) {
  return useQuery({
    queryKey: adminKeys.audit(scope, page),
    queryFn: () => call(getAuditLog, undefined, { query: { scope, page: String(page) } }),
    placeholderData: keepPreviousData,
  });
}
