/**
 * Worker thread entry: the embedded database (workerData.dataDir, or in memory from a dump), so its statements run beside the
 * server's event loop instead of in it (issue 35). It answers pglite-protocol.ts requests in the order
 * they come; PGlite itself makes a statement wait while a transaction is open.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite.js';
import type { Reply, Request, WireError } from './pglite-protocol.js';

const port = parentPort!;
const send = (reply: Reply) => port.postMessage(reply);

function wire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, unknown> = { name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return { message: err.message, fields };
}

const keepText = (ids: number[] = []) =>
  Object.fromEntries(ids.map((id) => [id, (value: string) => value])) as Record<
    number,
    (v: string) => unknown
  >;

type Open = { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> };

async function serve(db: PGlite) {
  const open = new Map<number, Open>();
  const unlisten = new Map<string, () => Promise<void>>();
  let nextTx = 1;
  const target = (tx?: number) => {
    if (tx === undefined) return db;
    const t = open.get(tx)?.tx;
    if (!t) throw new Error(`The transaction ${tx} is not open.`);
    return t;
  };

  async function run(r: Request): Promise<unknown> {
    switch (r.op) {
      case 'query': {
        const { rowMode, keepText: ids } = r.options;
        const result = await target(r.tx).query(r.text, r.params, {
          ...(rowMode ? { rowMode } : {}),
          parsers: keepText(ids),
        });
        return result;
      }
      case 'exec':
        return target(r.tx).exec(r.text);
      case 'begin': {
        const id = nextTx++;
        return new Promise<number>((started, failed) => {
          let end!: (commit: boolean) => void;
          const ended = new Promise<boolean>((resolve) => (end = resolve));
          const done = db.transaction(async (tx) => {
            open.set(id, { tx, end, done });
            started(id);
            if (!(await ended)) await tx.rollback();
          });
          done.catch(failed);
        });
      }
      case 'end': {
        const t = open.get(r.tx);
        if (!t) throw new Error(`The transaction ${r.tx} is not open.`);
        open.delete(r.tx);
        t.end(r.commit);
        await t.done;
        return null;
      }
      case 'listen': {
        if (!unlisten.has(r.channel))
          unlisten.set(
            r.channel,
            await db.listen(r.channel, (payload) => send({ notify: r.channel, payload })),
          );
        return null;
      }
      case 'unlisten': {
        await unlisten.get(r.channel)?.();
        unlisten.delete(r.channel);
        return null;
      }
      case 'close':
        await db.close();
        return null;
    }
  }

  port.on('message', (r: Request) => {
    run(r).then(
      (value) => send({ id: r.id, ok: true, value }),
      (err: unknown) => send({ id: r.id, ok: false, error: wire(err) }),
    );
  });
}

const { dataDir, dumpFile } = workerData as { dataDir?: string; dumpFile?: string };
createPglite(dataDir, dumpFile ? { loadDataDir: new Blob([readFileSync(dumpFile)]) } : {}).then(
  (db) => {
    void serve(db);
    port.postMessage({ ready: true });
  },
  (err: unknown) => port.postMessage({ ready: false, error: wire(err) }),
);
