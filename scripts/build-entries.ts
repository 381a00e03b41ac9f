/**
 * The second half of `npm run build`: the production processes' entries as JavaScript, the web server's
 * (scripts/lib/server-entry.ts) and the worker's (scripts/lib/worker-entry.ts), beside both bundles the SQLite
 * thread they start (scripts/lib/sqlite-thread-entry.ts), and the browser's files in brotli and gzip
 * (scripts/lib/precompress-assets.ts).
 */
import { precompressAssets } from "./lib/precompress-assets";
import { compileServerEntry } from "./lib/server-entry";
import { emitSqliteThread } from "./lib/sqlite-thread-entry";
import { buildWorkerEntry } from "./lib/worker-entry";

compileServerEntry();
await buildWorkerEntry();
emitSqliteThread();
await precompressAssets();
