import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/** The stock sync bench, alone, in the unit tests' setup (a migrated SQLite copy, strict msw). */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["bench/stock-sync.bench.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts", "tests/setup/each.ts"],
    pool: "forks",
    testTimeout: 900_000,
    env: { TZ: "UTC", NODE_ENV: "test" },
  },
});
