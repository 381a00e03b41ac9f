import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    exclude: ["tests/e2e/**", "tests/browser/**", "node_modules/**"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts", "tests/setup/each.ts"],
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 15000,
    env: { TZ: "UTC", NODE_ENV: "test" },
  },
});
