import path from "node:path";
import { ROOT } from "./engines";
import { SERVER_ENTRY, emitJavaScript } from "./server-entry";
import { WORKER_ENTRY } from "./worker-entry";

const SOURCE = path.join(ROOT, "app/lib/sqlite-thread.worker.ts");

/** The file name app/lib/sqlite-thread-client.server.ts starts the thread from when it runs bundled. */
export const SQLITE_THREAD_FILE = "sqlite-thread.js";

/**
 * Emits the SQLite thread's module (app/lib/sqlite-thread.worker.ts) as JavaScript beside each bundle that starts
 * it: the Remix server build and the worker process's bundle. A worker thread runs a file of its own, outside the
 * bundle; as JavaScript, Node loads it without its type stripper (docs/decisions/185). The module imports only
 * Node and, for types, the protocol, which the emit erases.
 */
export function emitSqliteThread(dirs = [path.dirname(SERVER_ENTRY), path.dirname(WORKER_ENTRY)]) {
  for (const dir of dirs) emitJavaScript(SOURCE, path.join(ROOT, dir, SQLITE_THREAD_FILE));
}
