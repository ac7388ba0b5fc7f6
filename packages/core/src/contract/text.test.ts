import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import * as contract from './index.js';
import { hasUnstorableCharacters, text } from './text.js';

describe('the contract string', () => {
  it('refuses a NUL byte with a message saying what to do', () => {
    const result = text().safeParse('Hello\u0000world');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: messages.input.unstorableCharacters }),
    ]);
  });

  it('refuses half of an emoji, high or low, alone or reversed', () => {
    for (const value of ['\uD83D', 'x\uDE00y', '\uDE00\uD83D', 'end \uD83D'])
      expect(text().safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('keeps whole emoji, accents, other control characters and the empty string', () => {
    for (const value of ['😀 Grüße, José', '', '\t\n', 'ﬁ\u200B\u202E'])
      expect(text().safeParse(value)).toEqual({ success: true, data: value });
  });

  it('answers the NUL check before the length check, so the user reads the reason that matters', () => {
    const result = text().trim().min(3, { message: 'too short' }).safeParse('\u0000');
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.input.unstorableCharacters]);
  });

  it('is the check of hasUnstorableCharacters', () => {
    expect(hasUnstorableCharacters('a\u0000')).toBe(true);
    expect(hasUnstorableCharacters('\uDBFF')).toBe(true);
    expect(hasUnstorableCharacters('\uDBFF\uDFFF')).toBe(false);
  });
});

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** Every string schema inside `schema`, with where it sits. */
function strings(
  schema: unknown,
  at: string,
  out: [string, { safeParse(v: unknown): { success: boolean } }][],
) {
  const def = defOf(schema);
  if (!def) return out;
  const walk = (s: unknown, where: string) => strings(s, where, out);
  switch (def.type) {
    case 'string':
      out.push([at, schema as never]);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def['shape'] as Record<string, unknown>)) walk(v, `${at}.${k}`);
      break;
    case 'array':
      walk(def['element'], `${at}[]`);
      break;
    case 'union':
      (def['options'] as unknown[]).forEach((o, i) => walk(o, `${at}|${i}`));
      break;
    case 'record':
      walk(def['keyType'], `${at}{key}`);
      walk(def['valueType'], `${at}{}`);
      break;
    case 'pipe':
      walk(def['in'], at);
      walk(def['out'], at);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      walk(def['innerType'], at);
      break;
  }
  return out;
}

describe('every string a caller sends', () => {
  const endpoints = Object.entries(contract).filter(
    (e): e is [string, contract.Endpoint] =>
      !!e[1] && typeof e[1] === 'object' && 'method' in e[1] && 'path' in e[1] && 'response' in e[1],
  );

  it('refuses NUL and lone UTF-16 halves, in the body, the path and the query of every endpoint', () => {
    const found: [string, { safeParse(v: unknown): { success: boolean } }][] = [];
    for (const [name, e] of endpoints)
      for (const part of ['body', 'params', 'query'] as const) strings(e[part], `${name}.${part}`, found);
    const open = found
      .filter(([, s]) => s.safeParse('a\u0000').success || s.safeParse('\uD800').success)
      .map(([at]) => at);
    expect(endpoints.length).toBeGreaterThan(80);
    expect(found.length).toBeGreaterThan(150);
    expect(open).toEqual([]);
  });
});
