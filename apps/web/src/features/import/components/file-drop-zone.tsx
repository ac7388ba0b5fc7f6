import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { Box, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import classes from './import.module.css';

type FileDropZoneProps = {
  /** The file input's accessible name ('Spreadsheet file'). */
  label: string;
  /** The input's `accept`: '.csv,.xlsx'. */
  accept: string;
  title: string;
  hint?: ReactNode;
  /** While true the zone shows `busyText` and takes no file. */
  busy?: boolean;
  busyText?: string;
  error?: string | null;
  onFile: (file: File) => void;
};

/** A large target to drop a file on; a click anywhere opens the file picker of the real input inside. */
export function FileDropZone({
  label,
  accept,
  title,
  hint,
  busy,
  busyText,
  error,
  onFile,
}: FileDropZoneProps) {
  const [over, setOver] = useState(false);

  function takeDropped(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  }

  function takePicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared so that picking the same file again (after Cancel) still fires a change.
    event.currentTarget.value = '';
    if (file) onFile(file);
  }

  return (
    <Box>
      <Box
        component="label"
        className={classes.zone}
        data-over={over || undefined}
        data-busy={busy || undefined}
        data-invalid={error ? true : undefined}
        onDragOver={(event: DragEvent<HTMLLabelElement>) => {
          event.preventDefault();
          if (!busy) setOver(true);
        }}
        onDragLeave={(event: DragEvent<HTMLLabelElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={takeDropped}
      >
        <input
          type="file"
          accept={accept}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          className={classes.fileInput}
          disabled={busy}
          onChange={takePicked}
        />
        {busy ? (
          <>
            <Loader size="md" aria-hidden />
            <Text fw={600} role="status">
              {busyText}
            </Text>
          </>
        ) : (
          <>
            <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
              <IconFileUpload size={26} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600} size="md">
              {title}
            </Text>
            {hint && (
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            )}
          </>
        )}
      </Box>
      {error && (
        <Text size="sm" c="red.7" mt="xs" data-testid="drop-zone-error">
          {error}
        </Text>
      )}
    </Box>
  );
}
