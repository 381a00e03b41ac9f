import path from "node:path";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";

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
 * The one place that turns DATABASE_URL into a Prisma driver adapter. The app (app/db.server.ts)
 * and the Prisma CLI (prisma.config.ts) both call it, so they always talk to the same store.
 */
export function createAdapter(
  databaseUrl: string | undefined = DEFAULT_DATABASE_URL,
  options: { concurrentWriters?: boolean } = {},
) {
  const url = databaseUrl || DEFAULT_DATABASE_URL;
  if (databaseEngine(url) === "postgresql") {
    return new PrismaPg({ connectionString: url, max: POSTGRES_POOL_SIZE });
  }
  if (url.startsWith("file:")) {
    const config = { url: resolveFileUrl(url) };
    return options.concurrentWriters ? new ConcurrentLibSQL(config) : new PrismaLibSQL(config);
  }
  throw new Error(
    `DATABASE_URL must be a file: URL (SQLite) or postgres:// (PostgreSQL); got a URL with scheme "${url.split(":")[0]}"`,
  );
}

// The adapter bundles its own @libsql/client: take its types from the adapter, not the top-level package.
type LibSQLConfig = Parameters<PrismaLibSQL["createClient"]>[0];
type LibSQLClient = ReturnType<PrismaLibSQL["createClient"]>;

/**
 * SQLite tuned for a web process and a worker process writing to one file. WAL lets readers run beside
 * the writer (the webhook receivers insert while the worker and admin pages read); busy_timeout makes a
 * writer wait for the other process's lock instead of failing with SQLITE_BUSY. synchronous stays FULL:
 * an acknowledged webhook must survive a power cut.
 *
 * Transactions run on the client's one connection. The libsql client would hand its connection to each
 * transaction and open a new one for later queries, never closing the old one: about 175 KB and a file
 * handle leaked per transaction (gigabytes under load), and a connection without the tuning above.
 * Sharing the connection is safe because Prisma's adapter already serialises every query of the process
 * behind one mutex, held from a transaction's start to its commit or rollback.
 */
class ConcurrentLibSQL extends PrismaLibSQL {
  createClient(config: LibSQLConfig): LibSQLClient {
    const client = super.createClient(config);
    if (config.url.includes(":memory:")) return client;
    // The libsql client runs statements synchronously under its promise API: these complete before any query.
    const failed = (error: unknown) => console.warn("SQLite tuning failed; continuing with defaults", error);
    client.execute("PRAGMA journal_mode = WAL").catch(failed);
    client.execute(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).catch(failed);
    client.transaction = ((mode: TransactionMode = "write") =>
      sameConnectionTransaction(client, mode)) as LibSQLClient["transaction"];
    return client;
  }
}

type LibSQLTransaction = Awaited<ReturnType<LibSQLClient["transaction"]>>;
type TransactionMode = "write" | "read" | "deferred";

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

async function sameConnectionTransaction(client: LibSQLClient, mode: TransactionMode) {
  await client.execute(BEGIN[mode]);
  let open = true;
  const end = async (sql: "COMMIT" | "ROLLBACK") => {
    if (!open) return;
    open = false;
    await client.execute(sql);
  };
  const transaction: LibSQLTransaction = {
    execute: ((statement: Parameters<LibSQLClient["execute"]>[0]) =>
      client.execute(statement)) as LibSQLTransaction["execute"],
    batch: async (statements) => {
      const results = [];
      for (const statement of statements) results.push(await client.execute(statement));
      return results;
    },
    executeMultiple: async () => {
      // The client's own executeMultiple rolls back any open transaction; Prisma never sends scripts here.
      throw new Error("executeMultiple is not supported inside a transaction");
    },
    commit: () => end("COMMIT"),
    rollback: () => end("ROLLBACK"),
    close: () => {
      end("ROLLBACK").catch((error) => console.warn("SQLite rollback on close failed", error));
    },
    get closed() {
      return !open;
    },
  };
  return transaction;
}

// libsql resolves relative paths against the working directory; make that explicit and stable.
function resolveFileUrl(url: string): string {
  const filePath = url.slice("file:".length);
  if (filePath === ":memory:" || path.isAbsolute(filePath)) return url;
  return `file:${path.resolve(process.cwd(), filePath)}`;
}
