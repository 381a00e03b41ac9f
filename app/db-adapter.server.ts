import { createRequire } from "node:module";
import path from "node:path";
import type pg from "pg";
import { postgresDriver, prismaPostgresAdapter } from "./lib/postgres-driver.server";
import { createSqliteThreadAdapter } from "./lib/sqlite-thread-adapter.server";

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.sqlite";

/** How long a write waits for another process's write lock before SQLite gives up with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export type DatabaseEngine = "sqlite" | "postgresql";

/** `postgres://` or `postgresql://`: PostgreSQL; `file:`: SQLite (the default for one machine). */
export function databaseEngine(databaseUrl: string | undefined = DEFAULT_DATABASE_URL): DatabaseEngine {
  return /^postgres(ql)?:\/\//.test(databaseUrl || DEFAULT_DATABASE_URL) ? "postgresql" : "sqlite";
}

/** Connections one process keeps to PostgreSQL (pg's pool); the server's max_connections bounds the fleet. */
export const POSTGRES_POOL_SIZE = 10;

/**
 * The process's PostgreSQL pool. The app makes it itself and hands it to the adapter, so the order path's
 * statements can use the same connections without Prisma's client (app/lib/hot-sql.server.ts, docs/decisions/182).
 */
export function createPostgresPool(databaseUrl: string, max = POSTGRES_POOL_SIZE) {
  return new (postgresDriver().Pool)({ connectionString: databaseUrl, max });
}

/**
 * The one place that turns DATABASE_URL into a Prisma driver adapter. The app (app/db.server.ts)
 * and the Prisma CLI (prisma.config.ts) both call it, so they always talk to the same store.
 * `postgresPool`: the pool the adapter uses on PostgreSQL (its own otherwise); the caller owns it.
 */
export function createAdapter(
  databaseUrl: string | undefined = DEFAULT_DATABASE_URL,
  options: { concurrentWriters?: boolean; postgresPool?: pg.Pool } = {},
) {
  const url = databaseUrl || DEFAULT_DATABASE_URL;
  if (databaseEngine(url) === "postgresql") {
    return new (prismaPostgresAdapter())(options.postgresPool ?? { connectionString: url, max: POSTGRES_POOL_SIZE });
  }
  if (url.startsWith("file:")) {
    const config = { url: resolveFileUrl(url) };
    return options.concurrentWriters
      ? createSqliteThreadAdapter(config.url, SQLITE_BUSY_TIMEOUT_MS)
      : new (libsqlAdapterClass())(config);
  }
  throw new Error(
    `DATABASE_URL must be a file: URL (SQLite) or postgres:// (PostgreSQL); got a URL with scheme "${url.split(":")[0]}"`,
  );
}

/**
 * Prisma's own libsql adapter, for the CLI and one-shot scripts: loaded on first use, because the app's process
 * talks to SQLite through its thread only, and this module would load a second copy of libsql's native library
 * into it (docs/decisions/185).
 */
function libsqlAdapterClass(): typeof import("@prisma/adapter-libsql").PrismaLibSQL {
  return (createRequire(import.meta.url)("@prisma/adapter-libsql") as typeof import("@prisma/adapter-libsql"))
    .PrismaLibSQL;
}

// libsql resolves relative paths against the working directory; make that explicit and stable.
function resolveFileUrl(url: string): string {
  const filePath = url.slice("file:".length);
  if (filePath === ":memory:" || path.isAbsolute(filePath)) return url;
  return `file:${path.resolve(process.cwd(), filePath)}`;
}
