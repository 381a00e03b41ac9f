import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { APP_SERVER_ARGS } from "../../../sandbox/stack";
import { SERVER_ENTRY } from "../../../scripts/lib/server-entry";
import { TEST_ENV } from "../../helpers/test-env";

const WORK_DIR = path.resolve("tmp/browser");

export interface RunningApp {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The production build of the app (`npm run build`), served on loopback the way the sandbox serves it
 * (server/app-server.ts) with the test configuration and a migrated SQLite file, in which each test installs shops
 * of its own (database.ts `newShop`). `outside` names the simulators its loaders call
 * (simulators.ts). NODE_ENV is "test": the app refuses PLATFORM_ORIGIN_OVERRIDE in production, and a test
 * process starts no delivery worker or periodic jobs, so a page shows the rows its test seeded, as seeded.
 */
export async function startApp(outside: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync("build/server/index.js") || !existsSync(SERVER_ENTRY))
    throw new Error("No build: run `npm run build` before the browser tests");
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  const database = path.join(WORK_DIR, "app.sqlite");
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${database}`, PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent" },
    stdio: "pipe",
  });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, APP_SERVER_ARGS, {
    env: {
      ...process.env,
      ...TEST_ENV,
      ...outside,
      NODE_ENV: "test",
      PLATFORM_APP_URL: url,
      DATABASE_URL: `file:${database}`,
      PORT: String(port),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await waitForHealth(url, child, output);
  return {
    url,
    stop: () => stopProcess(child),
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited (${child.exitCode}):\n${output.join("")}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopProcess(child);
  throw new Error(`The app did not answer /healthz within 30 s:\n${output.join("")}`);
}

function stopProcess(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
