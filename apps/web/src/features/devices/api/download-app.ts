import { useMutation } from '@tanstack/react-query';
import { DOWNLOAD_APP_PATH } from '@prospector/core';
import { callForFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

const FALLBACK_FILE_NAME = 'prospector-agent.zip';

/**
 * Saves the agent's zip for a device (an iPhone gets its Mac's). A refusal shows as a toast: 'Please
 * wait one more minnute. The app is not ready yet.' while the server is still building it.
 */
export async function downloadApp(deviceId: string): Promise<void> {
  const { blob, fileName } = await callForFile(DOWNLOAD_APP_PATH, { params: { deviceId } });
  saveBlob(fileName ?? FALLBACK_FILE_NAME, blob);
}

export function useDownloadApp() {
  return useMutation({ mutationFn: downloadApp });
}
