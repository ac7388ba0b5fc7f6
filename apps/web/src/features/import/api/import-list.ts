import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { importList as importListEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';

export type ImportListInput = z.input<NonNullable<typeof importListEndpoint.body>>;

export function importList(input: ImportListInput) {
  return call(importListEndpoint, input);
}

/** Step 2: starts importing the uploaded file into a new list (answers at once, state 'importing'). */
export function useImportList() {
  return useMutation({ mutationFn: importList });
}
