import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { traceFunctionEntries } from "./trace-entries";

/**
 * The worker-walk measurement (docs/architecture.md, "The worker's walk"): one order's delivery in the unit tests'
 * setup (a migrated SQLite copy, strict msw), with every app function reporting its entry.
 * `npx vitest run --config bench/worker-walk/vitest.config.ts`
 */
export default defineConfig({
  plugins: [traceFunctionEntries(process.cwd()), tsconfigPaths()],
  test: {
    include: ["bench/worker-walk/walk.bench.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts", "tests/setup/each.ts"],
    pool: "forks",
    testTimeout: 60_000,
    env: { TZ: "UTC", NODE_ENV: "test" },
  },
});
