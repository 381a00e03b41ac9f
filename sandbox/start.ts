/**
 * `npm run sandbox`: the whole product on this machine. Prepares a sandbox SQLite file (`-- --postgres`: a
 * throwaway PostgreSQL cluster), builds the app, starts the simulators and the app (with its worker), installs the
 * demo shop through the real auth path, configures it through the app's own endpoints and prints what to open.
 * Ctrl-C stops everything.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SimEvent } from "./lib/http";
import { DEMO_SHOP } from "./platform/seed";
import { registerStatusReceiver } from "./status-receiver";
import {
  buildApp,
  configureShop,
  installShop,
  SANDBOX_SUPPLIER_TOKEN,
  prepareDatabase,
  preparePostgres,
  ROOT,
  startStack,
  type Stack,
} from "./stack";

const DIR = path.join(ROOT, "tmp/sandbox");
const STATE_FILE = path.join(DIR, "stack.json");
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const COLORS: Record<string, string> = {
  platform: "36",
  automation: "35",
  supplier: "33",
  "repo-host": "34",
  app: "32",
};
const paint = (system: string, text: string) =>
  process.stdout.isTTY ? `\x1b[${COLORS[system] ?? "0"}m${text}\x1b[0m` : text;
const line = (system: string, message: string) =>
  console.log(`${new Date().toISOString().slice(11, 23)} ${paint(system, system.padEnd(10))} ${message}`);

/** The app logs pino JSON: one readable line each, with the fields that say what happened. */
function appLog(raw: string) {
  // Stack frames of logged errors say nothing a watcher needs; the message line above them does.
  if (/^\s+at /.test(raw) || /^\s{2,}\S/.test(raw) || /^[}\]]$/.test(raw.trim())) return;
  try {
    const entry = JSON.parse(raw) as Record<string, unknown>;
    const { level, time: _time, msg, ...fields } = entry;
    const name = Number(level) >= 50 ? "ERROR " : Number(level) >= 40 ? "WARN " : "";
    const details = Object.entries(fields)
      .filter(([, value]) => value !== undefined && typeof value !== "object")
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(" ");
    line("app", `${name}${String(msg ?? "")}${details ? `  ${details}` : ""}`);
  } catch {
    line("app", raw);
  }
}

async function main() {
  // The simulators keep their state in memory, so the app's database starts empty with them on every run: a kept
  // database would hold access tokens and orders the new simulators have never issued.
  const databaseFile = path.join(DIR, "sandbox.sqlite");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${databaseFile}${suffix}`, { force: true });
  mkdirSync(DIR, { recursive: true });

  line("app", "preparing the database (prisma generate + migrate deploy) and building the app...");
  prepareDatabase(databaseFile, { generate: true });
  // `npm run sandbox -- --postgres`: a throwaway PostgreSQL cluster instead of the SQLite file, gone on Ctrl-C.
  const postgres = process.argv.includes("--postgres") ? await preparePostgres() : null;
  if (postgres) {
    process.once("exit", () => postgres.stop());
    line("app", `PostgreSQL cluster on 127.0.0.1:${postgres.port} (${postgres.dir}), migrated with dbmate`);
  }
  buildApp(true);

  const stack = await startStack({
    databaseFile,
    databaseUrl: postgres?.databaseUrl,
    ports: {
      app: port("SANDBOX_APP_PORT", 3000),
      platform: port("SANDBOX_PLATFORM_PORT", 4010),
      automation: port("SANDBOX_AUTOMATION_PORT", 4020),
      supplier: port("SANDBOX_SUPPLIER_PORT", 4030),
      repoHost: port("SANDBOX_REPO_HOST_PORT", 4040),
    },
    logLevel: process.env.LOG_LEVEL ?? "info",
    events: (event: SimEvent) => line(event.system, event.message),
    onAppLog: appLog,
  });

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    line("app", "stopping...");
    await stack.stop();
    postgres?.stop();
    rmSync(STATE_FILE, { force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  stack.app.once("exit", (code) => {
    if (!stopping) {
      line("app", `the app exited (code ${code}); stopping the simulators`);
      void stop(1);
    }
  });

  try {
    await setUp(stack);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}

async function setUp(stack: Stack) {
  const database = stack.databaseUrl.startsWith("file:") ? stack.databaseFile : stack.databaseUrl;
  await installShop(stack, DEMO_SHOP);
  line("app", `installed on ${DEMO_SHOP} through the token exchange`);
  for (const result of await configureShop(stack, DEMO_SHOP)) {
    const body = result.body as { error?: string } | string;
    const outcome =
      result.status === 200
        ? "configured"
        : result.status === 404
          ? "endpoint not in this build yet; skipped"
          : `failed (HTTP ${result.status}: ${typeof body === "string" ? body.slice(0, 120) : body.error})`;
    line("app", `${result.step} settings: ${outcome}`);
  }
  // The merchant's paste in the marketplace panel: pushes of the demo's supplier orders reach the app.
  const receiver = await registerStatusReceiver(stack, DEMO_SHOP, SANDBOX_SUPPLIER_TOKEN);
  line("supplier", `status pushes go to ${receiver.replace(/[^/]+$/, (token) => `••••${token.slice(-4)}`)}`);

  writeFileSync(
    STATE_FILE,
    JSON.stringify(
      {
        shop: DEMO_SHOP,
        appUrl: stack.appUrl,
        platformUrl: stack.platformUrl,
        automationUrl: stack.automationUrl,
        supplierUrl: stack.supplierUrl,
        repoHostUrl: stack.repoHostUrl,
        appPid: stack.app.pid,
      },
      null,
      2,
    ),
  );

  console.log(`
  Sandbox ready.

  Open the admin:        ${stack.platformUrl}/admin?shop=${DEMO_SHOP}        (English: add &locale=en)
  Fire a test order:     npm run sandbox:order       (or the button on the admin page)
  Platform state:        ${stack.platformUrl}/sim/orders   ${stack.platformUrl}/sim/state
  Flow triggers:         ${stack.automationUrl}/sim/triggers   callbacks: ${stack.automationUrl}/sim/callbacks
  Private theme:         repo-api://tienda-demo/tema-cod/main?token=sandbox-repo-token
  Public theme:          ${stack.repoHostUrl}/public/tema-cod.zip
  Database:              ${database}

  Ctrl-C stops everything.
`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
