import path from "node:path";
import { build } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { ROOT } from "./engines";

/** The worker process's entry as `npm run build` emits it: what `npm run worker` and the stack run. */
export const WORKER_ENTRY = "build/worker/worker.js";

/**
 * Bundles scripts/worker.ts and the app modules it reaches into one JavaScript file, packages left to Node, so a
 * worker process starts from the build like the web process does: no TypeScript compiled at each start, and
 * nothing of Remix's page build (routes, React, Polaris) in a process that serves no page.
 */
export async function buildWorkerEntry(out = path.join(ROOT, WORKER_ENTRY)) {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    publicDir: false,
    plugins: [tsconfigPaths({ root: ROOT })],
    build: {
      ssr: path.join(ROOT, "scripts/worker.ts"),
      outDir: path.dirname(out),
      emptyOutDir: true,
      target: "node22",
      minify: false,
      rollupOptions: { output: { format: "esm", entryFileNames: path.basename(out) } },
    },
  });
}
