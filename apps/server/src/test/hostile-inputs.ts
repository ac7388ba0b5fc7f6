import fc from 'fast-check';

/**
 * Inputs an attacker would send, for the fuzz test over every route: strings PostgreSQL cannot store,
 * values of the wrong type, and values generated from a route's own zod schema (so they reach past
 * validation) with those mixed in at every depth.
 */

/** Strings that broke routes once (NUL, UTF-16 halves), and the usual suspects around them. */
export const HOSTILE_STRINGS = [
  'nul \u0000 inside',
  '\u0000',
  'lone high \uD83D',
  'lone low \uDE00 here',
  '\uDE00\uD83D',
  '\u202E\uFEFF\u200B',
  '__proto__',
  "' or 1=1 --",
  '%00',
  '',
  ' ',
];

/** Values of the wrong type for any field. */
export const WRONG_TYPES: unknown[] = [null, 1e308, -1, 0.5, true, {}, [], ['\u0000'], { '\u0000': 1 }];

/** Whole bodies that are not what any route expects, as raw JSON text. */
export const HOSTILE_BODIES: string[] = [
  'null',
  '[]',
  '"\\u0000"',
  '12',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"__proto__":{"isStaff":true}}',
  '{"constructor":{"prototype":{"isStaff":true}}}',
  '{"\\u0000":"\\ud800"}',
];

/** Path segments that are not what any route expects, already percent-encoded. */
export const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  // A UTF-16 half written as UTF-8 bytes (CESU-8), and UTF-8 that does not decode.
  '%ED%A0%80',
  '%E0%A4%A',
  '%C0%AF',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '1e400',
  'x'.repeat(3000),
];

/** A string for a URL: encodeURIComponent refuses UTF-16 halves, so those go as their CESU-8 bytes. */
export function encodeSegment(value: unknown): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return Array.from(s, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    return encodeURIComponent(ch);
  }).join('');
}

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

const halves = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.oneof(fc.constantFrom('\u0000', 'a', '😀'), halves), maxLength: 12 }),
  fc.constantFrom(...HOSTILE_STRINGS),
);
// Valid text of every kind (any code point, emoji, long): what passes the contract and meets the database.
const cleanString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ minLength: 100, maxLength: 3000 }),
);
const wrongType = fc.oneof(fc.constantFrom(...WRONG_TYPES), fc.jsonValue({ maxDepth: 2 }));

export type Mode = 'hostile' | 'clean';

/**
 * Generates values for a zod schema. `hostile`: mostly the right shape, with hostile strings and
 * wrong types at every depth. `clean`: the right shape with any valid text and extreme numbers, to
 * reach past validation into the services and the database.
 */
export function arbitraryFor(
  schema: unknown,
  ids: string[],
  mode: Mode = 'hostile',
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 8) return mode === 'hostile' ? wrongType : fc.constant(undefined);
  const inner = (s: unknown, k = key) => arbitraryFor(s, ids, mode, k, depth + 1);
  const right = rightShape(def, ids, key, inner, mode === 'hostile' ? anyString : cleanString);
  if (mode === 'clean') return right;
  return fc.oneof({ arbitrary: right, weight: 9 }, { arbitrary: wrongType, weight: 1 });
}

function rightShape(
  def: Def,
  ids: string[],
  key: string,
  inner: (s: unknown, k?: string) => fc.Arbitrary<unknown>,
  strings: fc.Arbitrary<string>,
): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'optional':
      return fc.option(inner(def['innerType']), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def['innerType']), { nil: null });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def['innerType']);
    case 'pipe':
      return inner(def['in']);
    case 'lazy':
      return inner((def['getter'] as () => unknown)());
    case 'object': {
      const shape = def['shape'] as Record<string, unknown>;
      const required = Object.keys(shape).filter((k) => defOf(shape[k])?.type !== 'optional');
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v, k)]));
      return fc.record(fields, { requiredKeys: required });
    }
    case 'array':
      return fc.array(inner(def['element']), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def['items'] as unknown[]).map((s) => inner(s)));
    case 'union':
      return fc.oneof(...(def['options'] as unknown[]).map((s) => inner(s)));
    case 'intersection':
      return inner(def['left']);
    case 'record':
      return fc.dictionary(strings, inner(def['valueType']), { maxKeys: 3 });
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def['entries'] as Record<string, unknown>)), strings);
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'number':
      return fc.oneof(
        fc.integer(),
        fc.integer({ min: 0, max: 30 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER + 2, 1e308),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringFor(def, ids, key, strings);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(
  def: Def,
  ids: string[],
  key: string,
  strings: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const format = def['format'];
  const seeded = fc.constantFrom(...ids);
  if (format === 'uuid' || /(^_id$|Id$|Ids$|^id$)/.test(key)) return fc.oneof(seeded, fc.uuid(), strings);
  if (format === 'email' || key === 'email') return fc.oneof(fc.emailAddress(), strings);
  if (format === 'datetime')
    return fc.oneof(
      fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()),
      strings,
    );
  if (format === 'url')
    return fc.oneof(fc.constantFrom('http://127.0.0.1:9/hook', 'http://[::1]:9/x'), strings);
  return strings;
}

/** Every leaf of a JSON value, as a path of keys and indexes. */
export function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...at, k]));
  return at.length ? [at] : [];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}
