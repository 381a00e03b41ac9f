import { Worker } from "node:worker_threads";
import { driverError } from "./sqlite-conversions.server";
import type { Reply, Request, ThreadData, Wire } from "./sqlite-thread-protocol";

/** What a statement answered: its columns, their declared types, its rows and how many rows it changed. */
export interface Answer {
  columns: string[];
  types: string[];
  rows: unknown[][];
  changes: number;
}

/**
 * The thread's module (app/lib/sqlite-thread.worker.ts): its TypeScript source beside this file when the app runs
 * from source (tests, the development server, the scripts run by tsx: Node strips its types), else the JavaScript
 * `npm run build` emits beside the bundle this module was bundled into (build/server/, build/worker/:
 * scripts/lib/sqlite-thread-entry.ts).
 */
const FROM_SOURCE = import.meta.url.endsWith(".ts");
const THREAD_MODULE = new URL(FROM_SOURCE ? "./sqlite-thread.worker.ts" : "./sqlite-thread.js", import.meta.url);
/** Node 22.16 and 22.17 strip types only when asked; later versions do it by themselves. */
const THREAD_EXEC_ARGV =
  FROM_SOURCE && !process.features.typescript ? [...process.execArgv, "--experimental-strip-types"] : undefined;

/** Distinct statements that get a number; any beyond travel with their text (statements built per call). */
const STATEMENT_REFS = 1024;
const NO_ROWS: unknown[][] = [];
const NO_COLUMNS: string[] = [];

/**
 * The worker thread and the requests waiting for its answers. A thread that dies (a crash in the driver, a file
 * that cannot be opened) fails what was waiting; the next statement starts a new thread, so the connection is
 * still one at a time.
 */
export class SqliteThread {
  #worker: Worker | null = null;
  #pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: unknown) => void; ref: number }>();
  #outbox: Wire[] = [];
  #nextId = 1;
  #closing = false;
  #closed = false;
  /** The current thread's statement numbers and, once answered, their columns: a new thread starts both anew. */
  #refs = new Map<string, number>();
  #shapes = new Map<number, { columns: string[]; types: string[] }>();

  constructor(
    private readonly path: string,
    private readonly pragmas: string[],
  ) {}

  #start() {
    const workerData: ThreadData = { path: this.path, pragmas: this.pragmas };
    const worker = new Worker(THREAD_MODULE, { workerData, execArgv: THREAD_EXEC_ARGV });
    this.#refs = new Map();
    this.#shapes = new Map();
    // An idle connection must not keep the process alive; one with a statement in flight must.
    worker.unref();
    worker.on("message", (replies: Reply[]) => {
      // A thread that was replaced: what waited for it has been failed already.
      if (this.#worker !== worker) return;
      for (const reply of replies) {
        const waiting = this.#pending.get(reply.id);
        if (!waiting) continue;
        this.#pending.delete(reply.id);
        if ("error" in reply) {
          waiting.reject(driverError(reply.error));
          continue;
        }
        const rows = reply.rows ?? NO_ROWS;
        let shape = reply.columns ? { columns: reply.columns, types: reply.types ?? NO_COLUMNS } : undefined;
        if (shape && waiting.ref) this.#shapes.set(waiting.ref, shape);
        shape ??= this.#shapes.get(waiting.ref);
        if (!shape && rows.length) {
          waiting.reject(new Error("The SQLite thread answered rows of a statement whose columns are unknown"));
          continue;
        }
        waiting.resolve({
          columns: shape?.columns ?? NO_COLUMNS,
          types: shape?.types ?? NO_COLUMNS,
          rows,
          changes: reply.changes ?? 0,
        });
      }
      if (!this.#pending.size && !this.#closing) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      // Whatever was sent to this thread or waits to be sent is failed here, never run on the next one.
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      this.#outbox = [];
    };
    worker.on("error", (error) => fail(new Error(`The SQLite thread failed: ${error.message}`, { cause: error })));
    worker.on("exit", () => fail(new Error("The SQLite thread ended")));
    return worker;
  }

  request(message: Request): Promise<Answer> {
    if (this.#closed) return Promise.reject(new Error("The SQLite connection is closed"));
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    let wire: Wire;
    let ref = 0;
    if (message.kind === "query") {
      ref = this.#refs.get(message.sql) ?? 0;
      if (ref) {
        wire = { kind: "query", id, tx: message.tx, args: message.args, ref };
      } else {
        // The first time: the text, and the number it goes by from now on (messages arrive in the order sent).
        if (this.#refs.size < STATEMENT_REFS) this.#refs.set(message.sql, (ref = this.#refs.size + 1));
        wire = { kind: "query", id, tx: message.tx, args: message.args, ref, sql: message.sql };
      }
    } else {
      wire = { ...message, id };
    }
    return new Promise<Answer>((resolve, reject) => {
      if (!this.#pending.size) worker.ref();
      this.#pending.set(id, { resolve, reject, ref });
      // Statements issued in the same turn of the event loop travel as one message: a postMessage costs about
      // as much as running a small statement. Not later (a setImmediate would merge more requests' statements):
      // every statement on the order path waits for the one before it, and the worker's deliveries fell behind
      // with a pass of the loop added to each (docs/benchmarks.md, log 181).
      if (!this.#outbox.length) queueMicrotask(this.#flush);
      this.#outbox.push(wire);
    });
  }

  #flush = () => {
    const messages = this.#outbox;
    this.#outbox = [];
    if (messages.length) this.#worker?.postMessage(messages);
  };

  async close() {
    const worker = this.#worker;
    if (!worker || this.#closed) {
      this.#closed = true;
      return;
    }
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    // Held open until the thread has closed the connection and ended.
    this.#closing = true;
    worker.ref();
    await this.request({ kind: "close" }).catch(() => undefined);
    this.#closed = true;
    await exited;
  }
}
