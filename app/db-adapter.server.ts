import path from "node:path";
import { PrismaLibSQL } from "@prisma/adapter-libsql";

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.sqlite";

/** How long a write waits for another process's write lock before SQLite gives up with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The one place that turns DATABASE_URL into a Prisma driver adapter. The app (app/db.server.ts)
 * and the Prisma CLI (prisma.config.ts) both call it, so they always talk to the same store.
 */
export function createAdapter(
  databaseUrl: string | undefined = DEFAULT_DATABASE_URL,
  options: { concurrentWriters?: boolean } = {},
) {
  const url = databaseUrl || DEFAULT_DATABASE_URL;
  if (url.startsWith("file:")) {
    const config = { url: resolveFileUrl(url) };
    return options.concurrentWriters ? new ConcurrentLibSQL(config) : new PrismaLibSQL(config);
  }
  throw new Error(`DATABASE_URL must be a file: URL (SQLite); got a URL with scheme "${url.split(":")[0]}"`);
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
 * busy_timeout is per connection, and the libsql client hands its connection to each transaction and
 * opens a fresh one lazily afterwards, so the pragma is applied again after every transaction starts.
 */
class ConcurrentLibSQL extends PrismaLibSQL {
  createClient(config: LibSQLConfig): LibSQLClient {
    const client = super.createClient(config);
    if (config.url.includes(":memory:")) return client;
    const tune = () => client.execute(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // The libsql client runs statements synchronously under its promise API: these complete before any query.
    const failed = (error: unknown) => console.warn("SQLite tuning failed; continuing with defaults", error);
    client.execute("PRAGMA journal_mode = WAL").catch(failed);
    tune().catch(failed);
    const transaction = client.transaction.bind(client);
    client.transaction = async (...args: unknown[]) => {
      const tx = await (transaction as (...a: unknown[]) => ReturnType<LibSQLClient["transaction"]>)(...args);
      await tune();
      return tx;
    };
    return client;
  }
}

// libsql resolves relative paths against the working directory; make that explicit and stable.
function resolveFileUrl(url: string): string {
  const filePath = url.slice("file:".length);
  if (filePath === ":memory:" || path.isAbsolute(filePath)) return url;
  return `file:${path.resolve(process.cwd(), filePath)}`;
}
