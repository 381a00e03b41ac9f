import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import type { Reply, ThreadData, Wire } from "~/lib/sqlite-thread-protocol";
import { ROOT } from "../../sandbox/stack";
import { emitSqliteThread, SQLITE_THREAD_FILE } from "../../scripts/lib/sqlite-thread-entry";

/**
 * The production build runs the SQLite thread from the JavaScript `npm run build` emits beside each bundle
 * (scripts/lib/sqlite-thread-entry.ts); the tests run it from its TypeScript source. The emitted file must be plain
 * JavaScript Node loads as it is, and answer the thread's messages as the source does.
 */

const dir = path.join(ROOT, "tmp", `sqlite-thread-entry-${process.pid}`);
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Sends the messages to a thread started from `file` and collects replies until every message is answered. */
async function converse(file: string, messages: Wire[]): Promise<Reply[]> {
  const workerData: ThreadData = { path: ":memory:", pragmas: [] };
  const worker = new Worker(file, { workerData });
  try {
    return await new Promise<Reply[]>((resolve, reject) => {
      const replies: Reply[] = [];
      worker.on("message", (batch: Reply[]) => {
        replies.push(...batch);
        if (replies.length === messages.length) resolve(replies);
      });
      worker.on("error", reject);
      worker.postMessage(messages);
    });
  } finally {
    await worker.terminate();
  }
}

describe("the SQLite thread as the build emits it", () => {
  it("refuses a build where no chunk starts the thread", () => {
    mkdirSync(path.join(dir, "server"), { recursive: true });
    writeFileSync(path.join(dir, "server/index.js"), "export {};");
    expect(() => emitSqliteThread([path.join(dir, "server")])).toThrow("No chunk under");
  });

  it("is JavaScript without types beside each chunk that starts it, and answers like its source", async () => {
    // Chunks as the bundler may place the thread's client: in a shared chunk under assets/, or in the entry itself.
    const chunk = `const THREAD_MODULE = new URL(FROM_SOURCE ? "./sqlite-thread.worker.ts" : "./sqlite-thread.js", import.meta.url);`;
    mkdirSync(path.join(dir, "server/assets"), { recursive: true });
    mkdirSync(path.join(dir, "worker"), { recursive: true });
    writeFileSync(path.join(dir, "server/index.js"), `import "./assets/server-build.js";`);
    writeFileSync(path.join(dir, "server/assets/server-build.js"), chunk);
    writeFileSync(path.join(dir, "worker/worker.js"), chunk);
    const written = emitSqliteThread([path.join(dir, "server"), path.join(dir, "worker")]);
    expect(written.sort()).toEqual(
      [path.join(dir, "server/assets", SQLITE_THREAD_FILE), path.join(dir, "worker", SQLITE_THREAD_FILE)].sort(),
    );
    const emitted = path.join(dir, "worker", SQLITE_THREAD_FILE);
    const source = readFileSync(emitted, "utf8");
    expect(source).not.toMatch(/\bimport type\b|: (Reply|Query|Prepared|WireError)\b/);

    const messages: Wire[] = [
      { kind: "query", id: 1, tx: 0, ref: 0, args: [], sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)" },
      { kind: "query", id: 2, tx: 0, ref: 1, args: ["a"], sql: "INSERT INTO t (name) VALUES (?)" },
      { kind: "query", id: 3, tx: 0, ref: 2, args: [], sql: "SELECT id, name FROM t" },
      { kind: "query", id: 4, tx: 0, ref: 2, args: [] },
      { kind: "query", id: 5, tx: 0, ref: 0, args: [], sql: "SELECT missing FROM t" },
    ];
    const fromBuild = await converse(emitted, messages);
    const fromSource = await converse(path.join(ROOT, "app/lib/sqlite-thread.worker.ts"), messages);
    expect(fromBuild).toEqual(fromSource);
    expect(fromBuild).toEqual([
      { id: 1 },
      { id: 2, changes: 1 },
      { id: 3, rows: [[1, "a"]], columns: ["id", "name"], types: ["INTEGER", "TEXT"] },
      // The statement's columns travel once: the second answer by its number carries the rows alone.
      { id: 4, rows: [[1, "a"]] },
      { id: 5, error: { message: "no such column: missing", code: "ERR_SQLITE_ERROR", rawCode: 1 } },
    ]);
  });
});
