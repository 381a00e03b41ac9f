import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * End-to-end tests: the simulators and the app's production build as a real process, real HTTP on loopback,
 * a real SQLite file per test file. One file at a time: each starts its own app, and the machine has 2 cores.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/setup/global.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TZ: "UTC" },
  },
});
