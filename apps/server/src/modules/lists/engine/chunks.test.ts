import { serverMessages } from '@prospector/core';
import { describe, expect, it } from 'vitest';
import { commitInOrder, IMPORT_CHUNK_ROWS, readChunks, type Chunk } from './chunks.js';
import { prepareRow, type ColumnPlan } from './prepare-row.js';

const PLAN: ColumnPlan[] = [
  { index: 0, type: 'contact', target: 'Phone', custom: false },
  { index: 1, type: 'contact', target: 'First name', custom: false },
];

/** A header, then `n` rows: every tenth has an invalid phone and nothing else (so it is dropped). */
async function* sheet(n: number, failAt?: number): AsyncGenerator<string[]> {
  yield ['Phone', 'Name'];
  for (let i = 1; i <= n; i += 1) {
    if (i === failAt) throw new Error('broken row');
    yield i % 10 === 0 ? ['12345', ''] : [`615${3_000_000 + i}`, `Person ${i}`];
  }
}

const prepare = (cells: readonly string[], tally: Parameters<typeof prepareRow>[3]) =>
  prepareRow(cells, PLAN, '+1', tally);

async function collect(chunks: AsyncIterable<Chunk>) {
  const out: Chunk[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

describe('reading a sheet in chunks', () => {
  it('plans each chunk with the invalid values and dropped rows of its own rows only', async () => {
    const chunks = await collect(readChunks(sheet(2_500), 0, prepare));
    expect(chunks.map((c) => c.lastRow)).toEqual([IMPORT_CHUNK_ROWS, 2 * IMPORT_CHUNK_ROWS, 2_500]);
    expect(chunks.map((c) => c.plan.contacts.length)).toEqual([900, 900, 450]);
    expect(chunks.map((c) => c.tally.invalidPhones)).toEqual([100, 100, 50]);
    expect(chunks.map((c) => c.tally.dropped)).toEqual([
      { [serverMessages.lists.droppedNoIdentifier]: 100 },
      { [serverMessages.lists.droppedNoIdentifier]: 100 },
      { [serverMessages.lists.droppedNoIdentifier]: 50 },
    ]);
  });

  it('skips the rows committed before a restart and ends with a chunk even when nothing is left', async () => {
    const resumed = await collect(readChunks(sheet(2_000), 1_000, prepare));
    expect(resumed.map((c) => [c.lastRow, c.plan.rowCount])).toEqual([
      [2_000, 900],
      [2_000, 0],
    ]);
    expect(resumed[0]!.plan.contacts[0]!.phones).toEqual(['+16153001001']);
  });

  it("stops at the import's first rows and closes the sheet, also when resumed part-way", async () => {
    let pulled = 0;
    let closed = false;
    async function* counted() {
      try {
        for await (const row of sheet(5_000)) {
          pulled += 1;
          yield row;
        }
      } finally {
        closed = true;
      }
    }
    const chunks = await collect(readChunks(counted(), 0, prepare, 1_500));
    expect(chunks.map((c) => c.lastRow)).toEqual([IMPORT_CHUNK_ROWS, 1_500]);
    // The header, 1,500 rows, and the one row that showed the limit was reached.
    expect(pulled).toBe(1_502);
    expect(closed).toBe(true);
    const resumed = await collect(readChunks(sheet(5_000), 1_000, prepare, 1_500));
    expect(resumed.map((c) => [c.lastRow, c.plan.rowCount])).toEqual([[1_500, 450]]);
  });
});

describe('committing chunks', () => {
  const chunk = (lastRow: number) => ({ lastRow }) as Chunk;
  async function* chunksLogged(log: string[], n: number) {
    for (let i = 1; i <= n; i += 1) {
      log.push(`read ${i}`);
      yield chunk(i);
    }
  }

  it('reads the next chunk while one commits, and commits one at a time in file order', async () => {
    const log: string[] = [];
    let inFlight = 0;
    const finished = await commitInOrder(
      chunksLogged(log, 3),
      async (c) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        log.push(`commit ${c.lastRow}`);
        await new Promise((r) => setTimeout(r, 10));
        log.push(`committed ${c.lastRow}`);
        inFlight -= 1;
      },
      () => false,
    );
    expect(finished).toBe(true);
    expect(log).toEqual([
      'read 1',
      'commit 1',
      'read 2',
      'committed 1',
      'commit 2',
      'read 3',
      'committed 2',
      'commit 3',
      'committed 3',
    ]);
  });

  it('stops after the commit under way when told to, and drops the chunk read ahead', async () => {
    const committed: number[] = [];
    let stopping = false;
    const finished = await commitInOrder(
      chunksLogged([], 5),
      async (c) => {
        committed.push(c.lastRow);
        stopping = c.lastRow === 2;
      },
      () => stopping,
    );
    expect(finished).toBe(false);
    expect(committed).toEqual([1, 2]);
  });

  it('lets the commit under way finish before a broken file ends the job', async () => {
    let committedLast = false;
    const run = commitInOrder(
      readChunks(sheet(1_500, 1_200), 0, prepare),
      async (c) => {
        await new Promise((r) => setTimeout(r, 50));
        if (c.lastRow === IMPORT_CHUNK_ROWS) committedLast = true;
      },
      () => false,
    );
    await expect(run).rejects.toThrow('broken row');
    expect(committedLast).toBe(true);
  });

  it('fails with the failure of a commit', async () => {
    const run = commitInOrder(
      chunksLogged([], 3),
      async (c) => {
        if (c.lastRow === 2) throw new Error('lease lost');
      },
      () => false,
    );
    await expect(run).rejects.toThrow('lease lost');
  });
});
