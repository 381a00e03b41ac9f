/**
 * `npm run test:postgres`: the unit and end-to-end suites again, on PostgreSQL (docs/decisions/091).
 * Uses TEST_POSTGRES_URL when set, else starts a throwaway cluster (PostgreSQL installed). Without either it
 * prints a loud SKIPPED banner and succeeds, except in CI (CI=true), where a missing server fails the run.
 * `-- --unit` or `-- --e2e` runs one of the two; further arguments go to vitest.
 */
import { spawnSync } from "node:child_process";
import { acquirePostgres } from "./lib/postgres-cluster";
import { ROOT } from "./lib/engines";

const args = process.argv.slice(2);
const only = args.find((arg) => arg === "--unit" || arg === "--e2e");
const vitestArgs = args.filter((arg) => arg !== only);
const started = Date.now();
const server = await acquirePostgres("the PostgreSQL test pass");
if (!server) process.exit(0);

const env = { ...process.env, TEST_DB_ENGINE: "postgresql", TEST_POSTGRES_URL: server.url };
const suites: [string, string[]][] = [
  ["unit", ["run", ...vitestArgs]],
  ["e2e", ["run", "--config", "tests/e2e/vitest.config.ts", ...vitestArgs]],
];
let failed = false;
try {
  for (const [name, vitest] of suites) {
    if (only && only !== `--${name}`) continue;
    console.log(`\n==> ${name} tests on PostgreSQL (${new URL(server.url).host})`);
    const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", ...vitest], {
      cwd: ROOT,
      env,
      stdio: "inherit",
    });
    if (result.status !== 0) failed = true;
  }
} finally {
  server.stop();
}
console.log(`\nPostgreSQL pass ${failed ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
