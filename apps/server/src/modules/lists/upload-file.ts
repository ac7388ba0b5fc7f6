import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { headerSetKey } from '@prospector/core';

/**
 * Writes the upload to `file`, at most `room` bytes of it; past that the rest is read and dropped (the
 * client is still sending it) and `over` says the file did not fit.
 */
export async function writeWithin(stream: NodeJS.ReadableStream, file: string, room: number) {
  let bytes = 0;
  let over = false;
  const gate = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      if (bytes > room) over = true;
      cb(null, over ? undefined : chunk);
    },
  });
  try {
    await pipeline(stream, gate, createWriteStream(file));
  } catch (err) {
    // The client went away mid-file: nothing of it is kept.
    await rm(file, { force: true });
    throw err;
  }
  return { bytes, over };
}

/** The key of a layout of columns: a hash, as the normalised header set may run to many kilobytes. */
export const layoutKey = (columns: readonly string[]) =>
  createHash('sha256').update(headerSetKey(columns)).digest('hex');
