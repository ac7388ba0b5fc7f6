import { useMutation } from '@tanstack/react-query';
import { DOWNLOAD_APP_PATH, messages } from '@prospector/core';
import { appConfig } from '../../../config/app-config';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { endSession } from '../../../lib/session';
import { getToken } from '../../../lib/session-store';
import { saveBlob } from '../utils/save-blob';

const FALLBACK_FILE_NAME = 'prospector-agent.zip';
const UNAUTHORIZED = 401;

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? FALLBACK_FILE_NAME;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : messages.shell.genericError;
  } catch {
    return messages.shell.genericError;
  }
}

/**
 * The agent's zip for a device (an iPhone gets its Mac's). Not JSON, so not through `call`: the same
 * bearer token, and a refusal ('Please wait one more minnute. The app is not ready yet.') as a toast.
 */
export async function downloadApp(deviceId: string): Promise<void> {
  const token = getToken();
  const path = DOWNLOAD_APP_PATH.replace(':deviceId', encodeURIComponent(deviceId));
  let response: Response;
  try {
    response = await fetch(`${appConfig.apiOrigin}${path}`, {
      headers: { Accept: 'application/zip', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    notifyError(messages.shell.genericError);
    throw new ApiError(0, 'NETWORK', messages.shell.genericError);
  }
  if (!response.ok) {
    const message = await messageOf(response);
    if (response.status === UNAUTHORIZED && token !== null && token === getToken()) endSession();
    notifyError(message);
    throw new ApiError(response.status, 'DOWNLOAD_FAILED', message);
  }
  saveBlob(fileNameOf(response), await response.blob());
}

export function useDownloadApp() {
  return useMutation({ mutationFn: downloadApp });
}
