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
    // The app's configuration: the harness seals secrets with the app's key (harness/database.ts).
    env: { ...TEST_ENV },
  },
});
