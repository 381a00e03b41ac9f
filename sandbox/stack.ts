/**
 * The whole product on one machine: the four simulators in this process and the app (its production build,
 * with its in-process worker) as a child process pointed at them. Used by `npm run sandbox`, the end-to-end
 * tests and the benchmark.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decode } from "turbo-stream";
import { createAutomationSimulator } from "./automation/server";
import { freePort, noEvents, reservePort, sleep, type EventSink, type Listening } from "./lib/http";
import { mintSessionToken } from "./lib/jwt";
import { adminHost } from "./platform/admin";
import { createPlatformSimulator, type PlatformOptions } from "./platform/server";
import { createRepoHostSimulator } from "./repo-host/server";
import { createSupplierSimulator } from "./supplier/server";
import { deployMigrations, generateClients } from "../scripts/lib/engines";
import { SERVER_ENTRY } from "../scripts/lib/server-entry";
import { WORKER_ENTRY } from "../scripts/lib/worker-entry";
import { startCluster, withDatabase, type Cluster } from "../scripts/lib/postgres-cluster";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Sandbox-only credentials: they guard nothing but loopback simulators. */
export const SANDBOX = {
  apiKey: "sandbox-client-id",
  secret: "sandbox-app-secret-do-not-use-in-production",
  encryptionKey: "5a4e1f0c3b2d6e7f8091a2b3c4d5e6f75a4e1f0c3b2d6e7f8091a2b3c4d5e6f7",
  supplierOrigin: "http://127.0.0.1:4031",
} as const;

export interface StackPorts {
  app: number;
  platform: number;
  automation: number;
  supplier: number;
  repoHost: number;
}

export interface StackOptions {
  /** 0 (the default) picks free ports. */
  ports?: Partial<StackPorts>;
  /** Absolute path of the SQLite file; created and migrated when missing. Unused when databaseUrl is given. */
  databaseFile: string;
  /** A migrated PostgreSQL database (postgres://...) instead of the SQLite file. */
  databaseUrl?: string;
  /** A migrated database to copy instead of migrating (the tests' template). */
  templateDatabase?: string;
  logLevel?: string;
  events?: EventSink;
  onAppLog?: (line: string) => void;
  extraEnv?: Record<string, string>;
  /** Simulator behaviour: token lifetime, theme processing time (sandbox/platform/server.ts). */
  platform?: Pick<PlatformOptions, "offlineTokenLifetimeS" | "acceptNonExpiringTokens" | "themeProcessingMs">;
  /**
   * "build" (the default) serves the production build; "dev" runs the Vite dev server as `shopify app dev` does
   * (shopify.web.toml's dev command), with HMR on a free port.
   */
  appServer?: "build" | "dev";
  /** Runs the delivery worker as its own process (`npm run worker`, WORKER_INLINE=false) instead of in the app. */
  separateWorker?: boolean;
  /** Web processes behind the app's one port (node:cluster, sandbox/app-cluster.ts); 1 (the default): no cluster. */
  webProcesses?: number;
  /** Runs even one web process under the cluster's primary, which restarts it when it dies (the chaos proof). */
  superviseWeb?: boolean;
  /** Delivery worker processes (`npm run worker`, built from scripts/worker.ts); with any, the web processes run no worker. */
  workerProcesses?: number;
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

const PRISMA_ENV = { PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent" };

/**
 * How the production processes start: from the entries `npm run build` emits as JavaScript, so they carry
 * neither the tsx loader (docs/decisions/161) nor Node's type stripper (docs/decisions/185).
 * V8's heap is kept near what is live: 4 MB semi-spaces (docs/decisions/173) and an old generation that grows by
 * 30 % of what survived its last full collection, not by V8's default factor of up to 4 (docs/decisions/185).
 * `npm start` and `npm run worker` say the same (tests/sandbox/start-command.test.ts).
 */
export const PROCESS_HEAP_ARGS = ["--max-semi-space-size=4", "--heap-growing-percent=30"];
export const APP_SERVER_ARGS = [...PROCESS_HEAP_ARGS, SERVER_ENTRY];
export const WORKER_ARGS = [...PROCESS_HEAP_ARGS, WORKER_ENTRY];

/** `npm run build` when no build exists yet (the sandbox passes force to always rebuild). */
export function buildApp(force = false) {
  if (
    !force &&
    existsSync(path.join(ROOT, "build/server/index.js")) &&
    existsSync(path.join(ROOT, SERVER_ENTRY)) &&
    existsSync(path.join(ROOT, WORKER_ENTRY))
  ) {
    return;
  }
  try {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
      cwd: ROOT,
      stdio: "pipe",
    });
    execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/build-entries.ts")], {
      cwd: ROOT,
      stdio: "pipe",
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`npm run build failed:\n${stderr?.toString() ?? ""}${stdout?.toString().slice(-2000) ?? ""}`);
  }
}

/** Prisma client generation and migrations, as `npm run setup` does them, for the given SQLite file. */
export function prepareDatabase(databaseFile: string, options: { generate?: boolean; template?: string } = {}) {
  mkdirSync(path.dirname(databaseFile), { recursive: true });
  const prisma = path.join(ROOT, "node_modules/prisma/build/index.js");
  const env = { ...process.env, ...PRISMA_ENV, DATABASE_URL: `file:${databaseFile}` };
  if (options.generate) generateClients();
  if (options.template) {
    rmSync(databaseFile, { force: true });
    copyFileSync(options.template, databaseFile);
    return;
  }
  execFileSync(process.execPath, [prisma, "migrate", "deploy"], { cwd: ROOT, env, stdio: "pipe" });
}

/**
 * A throwaway PostgreSQL cluster with the app's database migrated (`--postgres` of the sandbox, the benchmark and
 * the chaos proof). Durable (fsync on) unless asked: the figures must be what a real server would give.
 */
export async function preparePostgres(options: { durable?: boolean } = {}): Promise<Cluster & { databaseUrl: string }> {
  const cluster = await startCluster(undefined, { durable: options.durable ?? true });
  try {
    const databaseUrl = withDatabase(cluster.url, "connector");
    deployMigrations(databaseUrl);
    return { ...cluster, databaseUrl };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

export async function startStack(options: StackOptions) {
  const events = options.events ?? noEvents;
  // Held until the app is spawned: the simulators below listen on any free port and must not be given the app's.
  const appReservation = options.ports?.app ? null : await reservePort();
  const ports: StackPorts = {
    app: options.ports?.app || appReservation!.port,
    platform: options.ports?.platform ?? 0,
    automation: options.ports?.automation ?? 0,
    supplier: options.ports?.supplier ?? 0,
    repoHost: options.ports?.repoHost ?? 0,
  };
  for (const [name, port] of Object.entries(ports)) assertReachablePort(name, port);
  const appUrl = `http://127.0.0.1:${ports.app}`;
  const databaseUrl = options.databaseUrl ?? `file:${options.databaseFile}`;
  if (!options.databaseUrl && (!existsSync(options.databaseFile) || options.templateDatabase)) {
    prepareDatabase(options.databaseFile, { template: options.templateDatabase });
  }

  const platform = createPlatformSimulator({
    apiKey: SANDBOX.apiKey,
    secret: SANDBOX.secret,
    appUrl,
    events,
    ...options.platform,
  });
  const automation = createAutomationSimulator({ events });
  const supplier = createSupplierSimulator({ origin: SANDBOX.supplierOrigin, events, marketEveryMs: 300_000 });
  const repoHost = createRepoHostSimulator({ events });
  const listening: Listening[] = [];
  const platformServer = await platform.listen(ports.platform);
  listening.push(platformServer);
  const automationServer = await automation.listen(ports.automation);
  listening.push(automationServer);
  const supplierServer = await supplier.listen(ports.supplier);
  listening.push(supplierServer);
  // The flow places the supplier order when the buyer confirms (sandbox/automation/supplier-order.ts).
  automation.supplierOrders.configure({ supplierUrl: supplierServer.url });
  const repoHostServer = await repoHost.listen(ports.repoHost);
  listening.push(repoHostServer);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(ports.app),
    PLATFORM_API_KEY: SANDBOX.apiKey,
    PLATFORM_API_SECRET: SANDBOX.secret,
    PLATFORM_APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: SANDBOX.encryptionKey,
    AUTOMATION_API_URL: automationServer.url,
    SUPPLIER_API_URL: supplierServer.url,
    SUPPLIER_ORIGIN: SANDBOX.supplierOrigin,
    SUPPLIER_IMAGE_BASE_URL: `${supplierServer.url}/images`,
    GITHUB_API_URL: repoHostServer.url,
    PLATFORM_ORIGIN_OVERRIDE: platformServer.url,
    APP_BRIDGE_URL: `${platformServer.url}/admin/app-bridge.js`,
    // The repository host and theme archives are on loopback here; the app refuses that flag in production.
    ALLOW_LOOPBACK_FETCH: "true",
    LOG_LEVEL: options.logLevel ?? "info",
    ...options.extraEnv,
  };
  // Whatever the parent had for these must not leak into the app.
  delete env.SHOPIFY_API_KEY;
  delete env.SHOPIFY_API_SECRET;
  delete env.SHOPIFY_APP_URL;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;

  const webProcesses = Math.max(1, options.webProcesses ?? 1);
  const workerProcesses = options.workerProcesses ?? (options.separateWorker ? 1 : 0);
  if (workerProcesses > 0) env.WORKER_INLINE = "false";
  const clustered = webProcesses > 1 || Boolean(options.superviseWeb);
  if (clustered) env.WEB_PROCESSES = String(webProcesses);
  if (options.appServer === "dev") env.HMR_PORT = String(await freePort());
  const appArgs =
    options.appServer === "dev"
      ? [
          path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"),
          "vite:dev",
          "--host",
          "127.0.0.1",
          "--port",
          String(ports.app),
          "--strictPort",
        ]
      : clustered
        ? ["--import", "tsx", path.join(ROOT, "sandbox/app-cluster.ts")]
        : APP_SERVER_ARGS.map((arg) => (arg === SERVER_ENTRY ? path.join(ROOT, arg) : arg));
  await appReservation?.release();
  const app: ChildProcess = spawn(process.execPath, appArgs, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  /** The web processes' pids: the app itself, or the cluster's live web processes. */
  const webPids = new Set<number>(clustered ? [] : [app.pid!]);
  const output: string[] = [];
  const onLine = (line: string) => {
    output.push(line);
    if (output.length > 200) output.shift();
    if (clustered && line.includes('"web process')) {
      try {
        const entry = JSON.parse(line) as { listeningPid?: number; exitedPid?: number };
        if (entry.listeningPid) webPids.add(entry.listeningPid);
        if (entry.exitedPid) webPids.delete(entry.exitedPid);
      } catch {
        // Not the cluster's line.
      }
    }
    options.onAppLog?.(line);
  };
  const pipeLines = (child: ChildProcess) => {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream?.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString("utf8")).split("\n");
        rest = lines.pop() ?? "";
        lines.filter(Boolean).forEach(onLine);
      });
    }
  };
  pipeLines(app);
  const workers: ChildProcess[] = [];
  const spawnWorker = () => {
    const worker = spawn(process.execPath, [...PROCESS_HEAP_ARGS, path.join(ROOT, WORKER_ENTRY)], {
      cwd: ROOT,
      env: { ...env, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    pipeLines(worker);
    return worker;
  };
  for (let i = 0; i < workerProcesses; i++) workers.push(spawnWorker());
  const worker: ChildProcess | null = workers[0] ?? null;
  const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));
  // However this process ends, the app must not outlive it (an orphan would keep the port and stale settings).
  const killApp = () => {
    for (const pid of webPids) killQuietly(pid, "SIGKILL");
    app.kill("SIGKILL");
    for (const child of workers) child.kill("SIGKILL");
  };
  process.once("exit", killApp);

  const stop = async () => {
    await Promise.all(
      workers.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const done = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await done;
      }),
    );
    if (app.exitCode === null && app.signalCode === null) {
      app.kill("SIGTERM");
      const killer = setTimeout(() => app.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    }
    process.removeListener("exit", killApp);
    await Promise.all(listening.map((server) => server.close()));
  };

  try {
    await waitForHealth(appUrl, exited);
    const deadline = Date.now() + 60_000;
    while (webPids.size < webProcesses && Date.now() < deadline) await sleep(100);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- app output ---\n${output.join("\n")}`);
  }

  return {
    appUrl,
    platformUrl: platformServer.url,
    automationUrl: automationServer.url,
    supplierUrl: supplierServer.url,
    repoHostUrl: repoHostServer.url,
    databaseFile: options.databaseFile,
    /** What the app's DATABASE_URL is: `file:` + databaseFile, or the PostgreSQL database. */
    databaseUrl,
    /** The app's environment (sandbox values only). */
    env,
    app,
    worker,
    /** Live web processes (pids) and worker processes, for the benchmark's figures and the chaos proof's kills. */
    webPids,
    workers,
    /** SIGKILLs a worker process and starts another in its place (as a supervisor would); returns the killed pid. */
    killWorker: (index: number) => {
      const victim = workers[index];
      victim.kill("SIGKILL");
      workers[index] = spawnWorker();
      return victim.pid;
    },
    platform,
    automation,
    supplier,
    repoHost,
    appOutput: output,
    sessionToken: (shop: string) => mintSessionToken({ shop, apiKey: SANDBOX.apiKey, secret: SANDBOX.secret }),
    stop,
  };
}

function killQuietly(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** The library turns bots away (410), and Node's fetch looks like one: requests "from the admin" say they are a browser. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * The Fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking): Node's fetch and every browser
 * refuse them outright, so a stack on one would start and never be reached. Said before anything starts.
 */
const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

function assertReachablePort(name: string, port: number) {
  if (FETCH_BAD_PORTS.has(port)) {
    throw new Error(`Port ${port} (${name}) is one that fetch and browsers refuse to connect to; choose another`);
  }
}

async function waitForHealth(appUrl: string, exited: Promise<number | null>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  let exitCode: number | null = null;
  void exited.then((code) => {
    done = true;
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (done) throw new Error(`The app exited with code ${exitCode} before it was ready`);
    try {
      const response = await fetch(`${appUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(150);
  }
  throw new Error(`The app did not answer ${appUrl}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * Installs the app on a shop through the real auth path: the admin opens the embedded app with a session
 * token, and the app's library exchanges it for an offline access token at the (simulated) platform.
 */
export async function installShop(stack: Stack, shop: string) {
  const url = new URL("/app", stack.appUrl);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", shop);
  url.searchParams.set("host", adminHost(shop));
  url.searchParams.set("id_token", stack.sessionToken(shop));
  const response = await fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
  if (response.status !== 200) {
    throw new Error(
      `Opening the embedded app answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
}

/** A call to an admin endpoint as the embedded admin makes it (a fresh session token as bearer). */
export async function adminFetch(stack: Stack, shop: string, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${stack.sessionToken(shop)}`);
  headers.set("User-Agent", BROWSER_USER_AGENT);
  return fetch(new URL(pathname, stack.appUrl), { ...init, headers });
}

/**
 * A form an admin page submits to its route's action, as Remix's single fetch does (POST to `<path>.data`, the
 * answer in turbo-stream), so tests and the sandbox go through the page's own action without the legacy `?_data`
 * requests Remix warns about. Answers the action's status and data; a redirect or a thrown error is an Error.
 */
export async function adminAction<T = unknown>(
  stack: Stack,
  shop: string,
  pathname: string,
  fields: Record<string, string>,
): Promise<{ status: number; data: T }> {
  const response = await adminFetch(stack, shop, `${pathname.replace(/\/$/, "")}.data`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  if (!response.body || !response.headers.get("content-type")?.includes("text/x-script")) {
    throw new Error(`${pathname} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const decoded = await decode(response.body);
  await decoded.done;
  const result = decoded.value as { data?: T; error?: unknown; redirect?: string };
  if (result && typeof result === "object" && "data" in result) return { status: response.status, data: result.data as T };
  throw new Error(`${pathname} answered HTTP ${response.status} without data: ${JSON.stringify(result).slice(0, 300)}`);
}

export interface ConfigureResult {
  step: string;
  status: number;
  body: unknown;
}

/** The demo shop's supplier integration key, one the supplier simulator accepts. */
export const SANDBOX_SUPPLIER_TOKEN = "sandbox-supplier-token";

/** Configures the shop through the app's own endpoints: automation key and flows, then the supplier. */
export async function configureShop(
  stack: Stack,
  shop: string,
  values = {
    apiKey: "sandbox-automation-key",
    newOrderFlowId: "f_101",
    abandonedCartFlowId: "f_202",
    storeName: "Tienda Demo",
    country: "CO",
    supplierToken: SANDBOX_SUPPLIER_TOKEN,
  },
): Promise<ConfigureResult[]> {
  const results: ConfigureResult[] = [];
  const post = async (step: string, pathname: string, fields: Record<string, string>) => {
    const response = await adminFetch(stack, shop, pathname, { method: "POST", body: new URLSearchParams(fields) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a 404 page from a build without the endpoint).
    }
    results.push({ step, status: response.status, body });
  };
  await post("automation", "/api/integrations/automation/save", {
    apiKey: values.apiKey,
    newOrderFlowId: values.newOrderFlowId,
    abandonedCartFlowId: values.abandonedCartFlowId,
  });
  await post("supplier", "/api/integrations/supplier/save", {
    store_name: values.storeName,
    country: values.country,
    supplier_token: values.supplierToken,
  });
  return results;
}
