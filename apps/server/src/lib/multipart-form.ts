import type { Readable } from 'node:stream';
import { DomainError } from './errors.js';

/**
 * A multipart body that is not one (no boundary, an empty one, cut short, never closed) is the
 * caller's fault: the parser's plain errors become a 400 (issue 36 item 7). Answers with a status
 * below 500 (a part over its limit, a domain refusal) pass through as they are.
 */
export function asFormError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status < 500) return err;
  return new DomainError('FORM_MALFORMED');
}

/** Runs the reading of a multipart form; a broken form answers 400, not 500. Only parsing may run inside. */
export async function readingForm<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw asFormError(err);
  }
}

/** Watches a file part's stream: whether the form broke while it was read (then the caller answers 400). */
export function watchFormStream(stream: Readable) {
  // The parser may have failed the stream before this watch began (the whole body had arrived).
  let broken = stream.errored !== null;
  stream.on('error', () => {
    broken = true;
  });
  return { broken: () => broken || stream.errored !== null };
}
