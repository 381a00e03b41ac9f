import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/** Browser tests: the production build in a real Chromium (tests/browser/README in the file headers). */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["tests/browser/harness/global.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TZ: "UTC", NODE_ENV: "test" },
  },
});
