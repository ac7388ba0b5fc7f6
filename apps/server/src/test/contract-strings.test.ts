import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';

/**
 * A lint rule in test form (core has no file access, so it lives here): every string schema of the
 * HTTP contract, answers and events included, is built from text(), which refuses U+0000 and lone
 * UTF-16 halves. The device protocol (contract/device.ts) has an owner of its own.
 */
const CONTRACT = path.join(REPO_ROOT, 'packages/core/src/contract');
const EXEMPT = ['device.ts', 'text.ts'];

describe('the contract strings', () => {
  it('a NUL byte cannot slip in through a new bare z.string(): no contract file builds one', () => {
    const files = (readdirSync(CONTRACT, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !EXEMPT.includes(f))
      .map((f) => [f, readFileSync(path.join(CONTRACT, f), 'utf8')] as const);
    const bare = files
      .filter(([, source]) => /\bz\s*\.\s*(string|url|coerce\s*\.\s*string)\s*\(/.test(source))
      .map(([f]) => f);
    expect(files.length).toBeGreaterThan(40);
    expect(bare).toEqual([]);
  });
});
