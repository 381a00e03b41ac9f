/**
 * A throwaway PostgreSQL cluster for the tests that need the real engine (the outbox claim's SKIP LOCKED,
 * LISTEN/NOTIFY). One small file on purpose: the shared PostgreSQL harness of CI replaces it.
 *
 * Uses the server binaries of the machine (PG_BIN, else /usr/lib/postgresql/<version>/bin); without them the
 * caller skips and says so loudly. The schema comes from prisma/schema.prisma with the provider switched, as
 * `prisma migrate diff --from-empty --script` writes it.
 */
import { execFileSync } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import type { PrismaClient } from "@prisma/client";
import pg from "pg";

export interface ThrowawayPostgres {
  url: string;
  prisma: PrismaClient;
  stop(): Promise<void>;
}

export function postgresBinaries(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) ?? null;
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const ROOT = process.cwd();
// Where a Prisma client generated for PostgreSQL lives (the same place `npm run prisma:generate` puts it on main).
const CLIENT_DIR = path.join(ROOT, "node_modules/.prisma/client-postgresql");

function prisma(args: string[]) {
  return execFileSync(path.join(ROOT, "node_modules/.bin/prisma"), args, {
    // From the repository: its prisma.config.ts selects the bundled (WebAssembly) schema engine.
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent" },
  });
}

/**
 * prisma/schema.prisma with the provider switched to PostgreSQL and the client generated to CLIENT_DIR; written
 * inside the repository (under node_modules, not a source), where the CLI finds the project's package.json.
 */
function withPostgresSchema<T>(run: (file: string) => T): T {
  const dir = path.join(ROOT, "node_modules/.prisma/postgresql-test-schema");
  mkdirSync(dir, { recursive: true });
  const schema = readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8")
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/(generator\s+client\s*\{)/, `$1\n  output = ${JSON.stringify(CLIENT_DIR)}`);
  const file = path.join(dir, "schema.prisma");
  writeFileSync(file, schema);
  return run(file);
}

/** A PrismaClient class for PostgreSQL, generated from the current schema. */
function postgresClientClass(): typeof PrismaClient {
  withPostgresSchema((file) => prisma(["generate", "--schema", file]));
  const require = createRequire(import.meta.url);
  return (require(CLIENT_DIR) as { PrismaClient: typeof PrismaClient }).PrismaClient;
}

/** The schema's DDL for PostgreSQL, generated offline from prisma/schema.prisma. */
export function postgresSchemaSql() {
  return withPostgresSchema((file) =>
    prisma(["migrate", "diff", "--from-empty", "--to-schema-datamodel", file, "--script"]),
  );
}

/** Starts a cluster on a free loopback port (as the postgres user when run as root) with the app's schema. */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "pg-test-"));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], { stdio: "pipe" })
      : execFileSync(path.join(bin, command), args, { stdio: "pipe" });
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()), 0);
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "app"]);
  const port = await freePort();
  run("pg_ctl", [
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  const url = `postgresql://app@127.0.0.1:${port}/postgres`;
  let client: PrismaClient;
  try {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(postgresSchemaSql());
    await admin.end();
    const PostgresClient = postgresClientClass();
    client = new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) });
  } catch (error) {
    // A cluster that started must not outlive a failed setup.
    run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    prisma: client,
    async stop() {
      await client.$disconnect();
      run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
