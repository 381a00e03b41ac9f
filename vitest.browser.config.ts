import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { TEST_ENV } from "./tests/helpers/test-env";

/** Browser tests: the production build driven in Debian's Chromium (docs/decisions/052). */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["tests/browser/harness/global.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page answers on its own time (hydration, revalidation, the simulators): `expect.poll` waits as long as
    // `shown()` does, not vitest's 1 s default, which a loaded CI machine overran (catalogue search, 2026-11-23).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // The app's configuration: the harness seals secrets with the app's key (harness/database.ts).
    env: { ...TEST_ENV },
  },
});
