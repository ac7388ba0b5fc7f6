import { useRef, useState } from 'react';
import { Button, FileButton, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { AVATAR_ACCEPT, avatarProblem, messages } from '@prospector/core';
import { ApiError } from '../../../lib/api-error';

/** FileReader rather than Blob.arrayBuffer(), which jsdom (the component tests) lacks. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The first bytes say the type (as the server checks it); a 16-byte slice is enough. */
async function problemOf(file: File): Promise<string | null> {
  return avatarProblem(await readBytes(file.slice(0, 16)), file.size);
}

/**
 * Picks an image and uploads it. The file is checked here first with the server's own rule (type by
 * its bytes, 2 MB), so a wrong file is refused at once; the server's refusal is shown the same way.
 */
export function useAvatarUpload(upload: (file: File) => Promise<unknown>) {
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    const found = await problemOf(file);
    setProblem(found);
    if (found) return;
    try {
      await upload(file);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : messages.shell.genericError);
    }
  };
  return { pick, problem };
}

type AvatarUploadButtonProps = { label: string; onPick: (file: File | null) => void; pending: boolean };

export function AvatarUploadButton({ label, onPick, pending }: AvatarUploadButtonProps) {
  const reset = useRef<() => void>(null);
  const pick = (file: File | null) => {
    // Picking the same file again must fire again.
    reset.current?.();
    onPick(file);
  };
  return (
    <FileButton onChange={pick} accept={AVATAR_ACCEPT} resetRef={reset}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconUpload size={14} />}
          loading={pending}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}

/** Why the picked file was refused. */
export function AvatarProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {problem}
    </Text>
  );
}
