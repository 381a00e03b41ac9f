import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./engines";
import { emitJavaScript, SERVER_ENTRY } from "./server-entry";
import { WORKER_ENTRY } from "./worker-entry";

const SOURCE = path.join(ROOT, "app/lib/sqlite-thread.worker.ts");

/** The file name app/lib/sqlite-thread-client.server.ts starts the thread from when it runs bundled. */
export const SQLITE_THREAD_FILE = "sqlite-thread.js";
const REFERENCE = JSON.stringify(`./${SQLITE_THREAD_FILE}`);

/**
 * Emits the SQLite thread's module (app/lib/sqlite-thread.worker.ts) as JavaScript beside each chunk of the builds
 * that starts it (the thread client names it relative to its own chunk, and the bundler decides which chunk that
 * is: `build/server/assets/` for the Remix server build, `build/worker/` for the worker's). A worker thread runs a
 * file of its own, outside the bundle; as JavaScript, Node loads it without its type stripper (docs/decisions/185,
 * 246). Returns the files written; a build where no chunk starts the thread is a broken one.
 */
export function emitSqliteThread(buildDirs = [path.dirname(SERVER_ENTRY), path.dirname(WORKER_ENTRY)]) {
  const written: string[] = [];
  for (const dir of buildDirs) {
    const chunks = readdirSync(path.resolve(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js") && !file.endsWith(SQLITE_THREAD_FILE))
      .map((file) => path.resolve(ROOT, dir, file));
    const starters = chunks.filter((file) => readFileSync(file, "utf8").includes(REFERENCE));
    if (!starters.length) throw new Error(`No chunk under ${dir} starts the SQLite thread (${REFERENCE})`);
    for (const out of new Set(starters.map((file) => path.join(path.dirname(file), SQLITE_THREAD_FILE)))) {
      emitJavaScript(SOURCE, out);
      written.push(out);
    }
  }
  return written;
}
