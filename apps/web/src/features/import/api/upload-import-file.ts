import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { messages, uploadImportFile } from '@prospector/core';
import { appConfig } from '../../../config/app-config';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { endSession } from '../../../lib/session';
import { getToken } from '../../../lib/session-store';

export type UploadedFile = z.infer<typeof uploadImportFile.response>;

const UNAUTHORIZED = 401;
const BAD_GATEWAY = 502;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorOf(status: number, body: unknown): ApiError {
  const { code, message } = (body && typeof body === 'object' ? body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' && message.trim() ? message : messages.shell.genericError;
  return new ApiError(status, typeof code === 'string' ? code : 'UNKNOWN', text);
}

/**
 * Step 1 of an import: the file as multipart/form-data, one part named `file`. The shared `call()`
 * sends JSON only, so this mirrors its rules by hand: bearer token, `{code, message}` errors, and a
 * 401 on the current session ends it.
 */
export async function uploadSpreadsheet(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = new FormData();
  form.append('file', file);

  let response: Response;
  try {
    response = await fetch(`${appConfig.apiOrigin}${uploadImportFile.path}`, {
      method: uploadImportFile.method,
      headers,
      body: form,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', messages.shell.genericError);
  }

  const body = await readBody(response);
  if (response.ok) return body as UploadedFile;
  if (response.status === UNAUTHORIZED && token !== null && token === getToken()) endSession();
  throw errorOf(response.status, body);
}

export type UploadInput = { file: File; signal?: AbortSignal };

/** Uploads a spreadsheet; a failure shows the server's message as a toast (a 502 stays silent). */
export function useUploadSpreadsheet() {
  return useMutation({
    mutationFn: ({ file, signal }: UploadInput) => uploadSpreadsheet(file, signal),
    onError: (error) => {
      if (error instanceof ApiError && error.status !== BAD_GATEWAY) notifyError(error.message);
    },
  });
}
