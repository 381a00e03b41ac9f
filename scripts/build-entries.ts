/**
 * The second half of `npm run build`: the production processes' entries as JavaScript, the web server's
 * (scripts/lib/server-entry.ts) and the worker's (scripts/lib/worker-entry.ts).
 */
import { compileServerEntry } from "./lib/server-entry";
import { buildWorkerEntry } from "./lib/worker-entry";

compileServerEntry();
await buildWorkerEntry();
