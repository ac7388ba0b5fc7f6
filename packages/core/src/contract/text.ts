import { z } from 'zod';
import { messages } from '../messages.js';

/**
 * U+0000, and a UTF-16 half without its other half (a "lone surrogate"). PostgreSQL refuses the first
 * in text and both in JSON, so a string holding either that reached the database answered 500. With
 * the `u` flag a proper pair is one code point, so only halves on their own match the range.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** True when the string holds a character the database cannot store. */
export function hasUnstorableCharacters(value: string): boolean {
  return UNSTORABLE.test(value);
}

/**
 * The one string schema of the contract (ADR 010): every string a caller sends is refused with a 400
 * naming the field when it holds U+0000 or a lone UTF-16 half, before any other check runs. Chain on
 * it as on z.string(): `text().trim().max(200)`; `params` are z.string()'s (the wrong-type message).
 */
export function text(params?: { error?: string }) {
  return z.string(params).refine((value) => !UNSTORABLE.test(value), {
    message: messages.input.unstorableCharacters,
    abort: true,
  });
}
