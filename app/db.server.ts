import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import { createAdapter, databaseEngine } from "./db-adapter.server";
import { SqliteThreadAdapterFactory, type SqliteThreadAdapter } from "./lib/sqlite-thread-adapter.server";
import { env } from "./env.server";

declare global {
  var prismaGlobal: PrismaClient | undefined;
  var sqliteThreadGlobal: SqliteThreadAdapterFactory | null | undefined;
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
  const Client = databaseEngine(url) === "postgresql" ? postgresClientClass() : PrismaClient;
  const adapter = createAdapter(url, { concurrentWriters: true });
  sqliteThread = adapter instanceof SqliteThreadAdapterFactory ? adapter : null;
  return new Client({ adapter });
}

let sqliteThread: SqliteThreadAdapterFactory | null = global.sqliteThreadGlobal ?? null;

// One client per process; in development, survive Vite's module reloads.
const prisma = global.prismaGlobal ?? createClient();
if (process.env.NODE_ENV !== "production") {
  global.prismaGlobal = prisma;
  global.sqliteThreadGlobal = sqliteThread;
}

/**
 * The connection under `prisma` when it is the SQLite thread (a `file:` DATABASE_URL), for the statements the app
 * runs without the client (app/lib/hot-sql.server.ts); null on PostgreSQL.
 */
export function sqliteConnection(): Promise<SqliteThreadAdapter> | null {
  return sqliteThread ? sqliteThread.connect() : null;
}

export default prisma;
