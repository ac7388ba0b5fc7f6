import { useQuery } from '@tanstack/react-query';
import { callForFile } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

/** A blob as a data URL, for an `<img>` (the file needs the session's token, which an `<img>` cannot send). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a call has a limit of those.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** A record's own photo, fetched with the session's token (photos are the team's alone). */
export function usePhoto(url: string | null) {
  return useQuery({
    queryKey: recordKeys.photo(url ?? ''),
    queryFn: async () => dataUrlOf((await callForFile(url!, { quiet: true })).blob),
    enabled: url !== null,
    staleTime: Infinity,
    retry: false,
  });
}
