import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// import-x/no-cycle skips type-only imports, by design and without an option: a cycle of `import
// type` (lib/errors.ts naming every module's codes once held 46 files in one) passes the lint. This
// walks every import of the server's code, types included, and finds the cycles (Tarjan's strongly
// connected components).

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** Each file's imports within the server, `import type` and `export … from` included. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => path.resolve(path.dirname(file), fileName).replace(/\.js$/, '.ts'))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The strongly connected components of more than one file: each is a cycle, or several. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      component.push(path.relative(src, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the server's imports", () => {
  it('make no cycle, not even through type-only imports', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    expect(cycles(importGraph(files))).toEqual([]);
  });
});
