import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import type pg from "pg";
import { createAdapter, createPostgresPool, databaseEngine } from "./db-adapter.server";
import { SqliteThreadAdapterFactory, type SqliteThreadAdapter } from "./lib/sqlite-thread-adapter.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

declare global {
  var prismaGlobal: PrismaClient | undefined;
  var sqliteThreadGlobal: SqliteThreadAdapterFactory | null | undefined;
  var postgresPoolGlobal: pg.Pool | null | undefined;
}

/**
 * The client generated for PostgreSQL from the same schema (`npm run prisma:generate`, docs/decisions/090).
 * Prisma ties a generated client to one provider; both expose the same models, so it is typed as the default one.
 * Loaded only when DATABASE_URL asks for it: a SQLite install never needs it.
 */
function postgresClientClass(): typeof PrismaClient {
  const require = createRequire(import.meta.url);
  try {
    return (require(".prisma/client-postgresql") as { PrismaClient: typeof PrismaClient }).PrismaClient;
  } catch (error) {
    throw new Error(`The PostgreSQL Prisma client is missing: run \`npm run prisma:generate\` (${String(error)})`);
  }
}

// The web process (webhook receivers, admin API) and the delivery worker write to the same database.
function createClient() {
  const url = env().DATABASE_URL;
  const postgres = databaseEngine(url) === "postgresql";
  const Client = postgres ? postgresClientClass() : PrismaClient;
  postgresPool = postgres ? createPostgresPool(url) : null;
  // An idle connection the server drops (a restart, a failover) is replaced at the next query; without a
  // listener its error would end the process. Prisma's adapter listens only while it is connected.
  postgresPool?.on("error", (error) => logger.warn({ err: error.message }, "idle PostgreSQL connection lost"));
  const adapter = createAdapter(url, { concurrentWriters: true, postgresPool: postgresPool ?? undefined });
  sqliteThread = adapter instanceof SqliteThreadAdapterFactory ? adapter : null;
  return new Client({ adapter });
}

let sqliteThread: SqliteThreadAdapterFactory | null = global.sqliteThreadGlobal ?? null;
let postgresPool: pg.Pool | null = global.postgresPoolGlobal ?? null;

// One client per process; in development, survive Vite's module reloads.
const prisma = global.prismaGlobal ?? createClient();
if (process.env.NODE_ENV !== "production") {
  global.prismaGlobal = prisma;
  global.sqliteThreadGlobal = sqliteThread;
  global.postgresPoolGlobal = postgresPool;
}

/**
 * The connection under `prisma` when it is the SQLite thread (a `file:` DATABASE_URL), for the statements the app
 * runs without the client (app/lib/hot-sql.server.ts); null on PostgreSQL.
 */
export function sqliteConnection(): Promise<SqliteThreadAdapter> | null {
  return sqliteThread ? sqliteThread.connect() : null;
}

/**
 * The pool under `prisma` when DATABASE_URL is PostgreSQL, for the statements the app runs without the client
 * (app/lib/hot-sql.server.ts, docs/decisions/182); null on SQLite. It lives as long as the process: the client's
 * `$disconnect` leaves it open (end it with `.end()` when a script must exit at once).
 */
export function postgresConnection(): pg.Pool | null {
  return postgresPool;
}

export default prisma;
