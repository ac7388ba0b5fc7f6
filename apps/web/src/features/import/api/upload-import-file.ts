import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { uploadImportFile } from '@prospector/core';
import { callWithForm } from '../../../lib/api-client';

export type UploadedFile = z.infer<typeof uploadImportFile.response>;

/** Step 1 of an import: the file as multipart/form-data, one part named `file`. */
export function uploadSpreadsheet(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return callWithForm(uploadImportFile, form, { signal });
}

export type UploadInput = { file: File; signal?: AbortSignal };

/** Uploads a spreadsheet; the API client shows a failure's message as a toast (a 502 stays silent). */
export function useUploadSpreadsheet() {
  return useMutation({ mutationFn: ({ file, signal }: UploadInput) => uploadSpreadsheet(file, signal) });
}
