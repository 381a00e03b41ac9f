import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * The order rules' preview at 30,000 orders in its 30 days (docs/benchmarks.md), in the unit tests' setup (a
 * migrated SQLite copy, or PostgreSQL through scripts/test-postgres.ts).
 * `npx vitest run --config bench/rules-preview/vitest.config.ts`
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["bench/rules-preview/preview.bench.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts", "tests/setup/each.ts"],
    pool: "forks",
    testTimeout: 600_000,
    env: { TZ: "UTC", NODE_ENV: "test" },
  },
});
