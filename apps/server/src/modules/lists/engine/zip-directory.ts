import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * Random access to the files inside a zip (an .xlsx), read from its central directory without loading
 * the archive. No library here does this from a file: jszip reads the whole archive into memory and
 * exceljs's reader (unzipper) streams the entries in archive order, trusting nothing it can check.
 * Only what an .xlsx needs: stored and deflated entries, no ZIP64, no encryption.
 */
export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  /** As declared: a bomb may lie, so `openZipEntry` counts what really unpacks. */
  declaredSize: number;
  localHeaderOffset: number;
};

/** The archive is not one we read; `reason` is for the log, never for the user. */
export class ZipError extends Error {}

/** Unpacked bytes beyond an entry's cap. */
export class ZipEntryTooLarge extends Error {
  constructor(readonly entry: string) {
    super(`${entry} unpacks beyond its cap`);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** Bit 0 of the flags: the entry is encrypted. */
const FLAG_ENCRYPTED = 0x1;
const STORED = 0;
const DEFLATED = 8;

async function readAt(handle: Awaited<ReturnType<typeof open>>, position: number, length: number) {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The entries of the zip at `path`, in archive order. Throws ZipError for anything else. */
export async function readZipDirectory(path: string, maxEntries: number): Promise<ZipEntry[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - EOCD_SIZE; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipError('no end of central directory');
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff)
      throw new ZipError('ZIP64 archive');
    if (count > maxEntries) throw new ZipError(`${count} entries`);
    if (dirOffset + dirSize > size) throw new ZipError('central directory beyond the file');
    const dir = await readAt(handle, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let n = 0; n < count; n += 1) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL_SIGNATURE)
        throw new ZipError('broken central directory');
      const flags = dir.readUInt16LE(at + 8);
      const method = dir.readUInt16LE(at + 10);
      const compressedSize = dir.readUInt32LE(at + 20);
      const declaredSize = dir.readUInt32LE(at + 24);
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      const localHeaderOffset = dir.readUInt32LE(at + 42);
      const name = dir.toString('utf8', at + 46, at + 46 + nameLength);
      at += 46 + nameLength + extraLength + commentLength;
      if (flags & FLAG_ENCRYPTED) throw new ZipError(`${name} is encrypted`);
      if (method !== STORED && method !== DEFLATED) throw new ZipError(`${name}: method ${method}`);
      if ([compressedSize, declaredSize, localHeaderOffset].includes(0xffffffff))
        throw new ZipError('ZIP64 entry');
      if (localHeaderOffset + compressedSize > size) throw new ZipError(`${name} beyond the file`);
      entries.push({ name, method, compressedSize, declaredSize, localHeaderOffset });
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * The unpacked bytes of one entry, streamed. Fails with ZipEntryTooLarge as soon as more than
 * `maxBytes` have unpacked, whatever the entry declares, so a bomb costs at most `maxBytes` of work.
 */
export async function openZipEntry(path: string, entry: ZipEntry, maxBytes: number): Promise<Readable> {
  const handle = await open(path, 'r');
  let header: Buffer;
  try {
    header = await readAt(handle, entry.localHeaderOffset, 30);
  } finally {
    await handle.close();
  }
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE)
    throw new ZipError(`${entry.name}: no local header`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > maxBytes) cb(new ZipEntryTooLarge(entry.name));
      else cb(null, chunk);
    },
  });
  const raw =
    entry.compressedSize === 0
      ? null
      : createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (!raw) {
    counter.end();
    return counter;
  }
  // pipeline() passes any stage's failure (a corrupt deflate stream, the cap) on to `counter`.
  if (entry.method === DEFLATED) pipeline(raw, createInflateRaw(), counter, () => {});
  else pipeline(raw, counter, () => {});
  return counter;
}
