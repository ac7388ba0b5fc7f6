import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { tsWorkerScript } from '../lib/ts-worker.js';
import type { QueryOptions, Reply, Request, WireError } from './pglite-protocol.js';

type Parsers = Record<number, (value: string, typeId: number) => unknown>;
type Options = { rowMode?: 'array' | 'object'; parsers?: Parsers };

/** Distributes Omit over the union, so each request keeps its own fields. */
type Unsent = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

const PROBE = 'prospector-probe';

/** Only parsers that keep the text as it is can cross to the database's thread (see the protocol). */
function keptText(parsers: Parsers | undefined): number[] {
  return Object.entries(parsers ?? {}).map(([id, parse]) => {
    if (parse(PROBE, Number(id)) !== PROBE)
      throw new Error(`The embedded database's thread keeps type ${id} as text or parses it itself.`);
    return Number(id);
  });
}

function rebuild(error: WireError): Error {
  return Object.assign(new Error(error.message), error.fields);
}

/** A transaction open in the database's thread: its statements carry its number. */
class ThreadTransaction {
  closed = false;
  constructor(
    private readonly thread: PgliteThread,
    readonly number: number,
  ) {}

  query<T>(text: string, params: unknown[] = [], options: Options = {}): Promise<Results<T>> {
    return this.thread.queryIn<T>(this.number, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.thread.send({ op: 'exec', text, tx: this.number }) as Promise<Results[]>;
  }

  /** Drizzle ends a transaction by throwing; this is PGlite's own way, kept for its interface. */
  rollback(): Promise<void> {
    this.closed = true;
    return this.thread.send({ op: 'end', tx: this.number, commit: false }) as Promise<void>;
  }
}

/**
 * PGlite in a worker thread, with the part of PGlite's interface the server uses (`query`, `exec`,
 * `transaction`, `listen`, `close`; drizzle's driver, team-scope.ts and the change feed), so the
 * database's work no longer holds the server's event loop (issue 35). Results and errors are copied
 * between the threads; a notification reaches its listeners before the statement that raised it
 * returns, as in-thread.
 */
export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      if ('notify' in reply) {
        for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(rebuild(reply.error));
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on('error', (err) => stop(new Error(`The embedded database stopped: ${err.message}`)));
    worker.on('exit', (code) => stop(new Error(`The embedded database stopped (exit code ${code}).`)));
  }

  /** Starts the thread and opens the database in `dataDir`, or in memory (from a dump file if given). */
  static async open(where: { dataDir?: string; dumpFile?: string } = {}): Promise<PgliteThread> {
    const worker = new Worker(tsWorkerScript(new URL('./pglite-worker.ts', import.meta.url)), {
      eval: true,
      execArgv: [],
      workerData: where,
    });
    const ready = await new Promise<{ ready: boolean; error?: WireError }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw rebuild(ready.error ?? { message: 'The embedded database did not start.', fields: {} });
    }
    return new PgliteThread(worker);
  }

  send(request: Unsent): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  queryIn<T>(tx: number | undefined, text: string, params: unknown[], options: Options): Promise<Results<T>> {
    const wireOptions: QueryOptions = { keepText: keptText(options.parsers) };
    if (options.rowMode) wireOptions.rowMode = options.rowMode;
    return this.send({
      op: 'query',
      text,
      params,
      options: wireOptions,
      ...(tx === undefined ? {} : { tx }),
    }) as Promise<Results<T>>;
  }

  query<T>(text: string, params: unknown[] = [], options: Options = {}): Promise<Results<T>> {
    return this.queryIn<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.send({ op: 'exec', text }) as Promise<Results[]>;
  }

  /** Commits when `fn` returns, rolls back when it throws (and throws its error). */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = new ThreadTransaction(this, (await this.send({ op: 'begin' })) as number);
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!tx.closed) await this.send({ op: 'end', tx: tx.number, commit: false });
      throw err;
    }
    if (!tx.closed) await this.send({ op: 'end', tx: tx.number, commit: true });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.send({ op: 'listen', channel });
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      await this.send({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
