import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE, DECISIONS_INDEX, generatedDocs } from '../scripts/docs-map.js';

// The module map and the index of decisions are generated from the code: a change that moves a table's
// writes, a route or an ADR without `npm run docs:map` fails here.
describe('docs that describe the code', () => {
  it('are what npm run docs:map writes from the code as it is', async () => {
    const [architecture, index] = await generatedDocs();
    expect(readFileSync(ARCHITECTURE, 'utf8'), 'run npm run docs:map: docs/architecture.md').toBe(
      architecture,
    );
    expect(readFileSync(DECISIONS_INDEX, 'utf8'), 'run npm run docs:map: docs/decisions/README.md').toBe(
      index,
    );
  });
});
