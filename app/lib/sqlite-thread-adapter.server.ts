import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import { unsupportedNodeMessage } from "./node-version";
import { getColumnTypes, mapArg, mapRow } from "./sqlite-conversions.server";
import { SqliteThread } from "./sqlite-thread-client.server";

/**
 * A Prisma driver adapter for SQLite whose statements run on a worker thread that owns the process's one
 * connection (docs/decisions/121). The libsql client runs SQLite synchronously on the calling thread, fsync
 * included, so every commit stalled every request of the web process; here the main thread only sends
 * statements and receives rows.
 *
 * It behaves as @prisma/adapter-libsql does (same value and error conversions, copied from its source, so
 * stored dates and Prisma's error codes such as P2002 are unchanged) with two differences that live in the
 * thread (app/lib/sqlite-thread.worker.ts): autocommit statements that arrive together share one
 * transaction and one fsync, each answered after the commit; and a transaction keeps the connection to itself
 * until it ends, other statements waiting in order (the library does that with a mutex on the main thread).
 */
export class SqliteThreadAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "sqlite";
  readonly adapterName = "sqlite-thread";
  #current: SqliteThreadAdapter | null = null;

  constructor(
    private readonly options: {
      /** An absolute file path, or ":memory:". */
      path: string;
      /** PRAGMAs run once when the connection opens. */
      pragmas?: string[];
    },
  ) {
    // node:sqlite is missing on older Node: say so here, not as a missing table when the thread fails to load.
    const unsupported = unsupportedNodeMessage();
    if (unsupported) throw new Error(unsupported);
  }

  /**
   * The factory's one connection until it is disposed: Prisma's client and the app's own statements
   * (`statement` below, app/lib/hot-sql.server.ts) share it, so they share its order, its transactions and its
   * group commit.
   */
  async connect(): Promise<SqliteThreadAdapter> {
    if (this.#current && !this.#current.disposed) return this.#current;
    return (this.#current = new SqliteThreadAdapter(new SqliteThread(this.options.path, this.options.pragmas ?? [])));
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return new SqliteThreadAdapter(new SqliteThread(":memory:", []));
  }
}

let transactionIds = 0;

class SqliteThreadQueryable {
  readonly provider = "sqlite";
  readonly adapterName = "sqlite-thread";

  constructor(
    protected readonly thread: SqliteThread,
    protected readonly tx = 0,
  ) {}

  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    const answer = await this.perform(query);
    const columnTypes = getColumnTypes(answer.types, answer.rows);
    return {
      columnNames: answer.columns,
      columnTypes,
      rows: answer.rows.map((row) => mapRow(row, columnTypes)),
    };
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    return (await this.perform(query)).changes;
  }

  protected perform(query: SqlQuery) {
    return this.thread.request({
      kind: "query",
      sql: query.sql,
      args: query.args.map((arg, index) => mapArg(arg, query.argTypes[index])),
      tx: this.tx,
    });
  }
}

class SqliteThreadTransaction extends SqliteThreadQueryable implements Transaction {
  // Prisma sends no BEGIN/COMMIT statements itself: the thread opens and ends the transaction.
  readonly options = { usePhantomQuery: true };

  async commit() {
    await this.thread.request({ kind: "commit", tx: this.tx });
  }

  async rollback() {
    await this.thread.request({ kind: "rollback", tx: this.tx });
  }
}

export class SqliteThreadAdapter extends SqliteThreadQueryable implements SqlDriverAdapter {
  disposed = false;

  /**
   * One autocommit statement from the app itself, without Prisma's client (docs/decisions/163): `?` placeholders,
   * arguments converted as Prisma's are (dates in the stored format, booleans as 0/1), rows as objects with the
   * values SQLite holds (dates as their stored text, booleans as 0/1). For reads and writes a statement that
   * returns no rows reports its changes.
   */
  async statement(sql: string, args: unknown[]): Promise<{ changes: number; rows: Record<string, unknown>[] }> {
    const answer = await this.thread.request({
      kind: "query",
      sql,
      args: args.map((arg) => mapArg(arg, undefined)),
      tx: 0,
    });
    const { columns } = answer;
    const rows = answer.rows.map((row) => {
      const object: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) object[columns[i]] = row[i];
      return object;
    });
    return { changes: answer.changes, rows };
  }

  async executeScript(script: string) {
    await this.thread.request({ kind: "script", sql: script });
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
      throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
    }
    const tx = ++transactionIds;
    await this.thread.request({ kind: "begin", tx });
    return new SqliteThreadTransaction(this.thread, tx);
  }

  dispose() {
    this.disposed = true;
    return this.thread.close();
  }
}

/**
 * The app's SQLite adapter for a `file:` URL (absolute path or :memory:). WAL lets readers run beside the writer;
 * busy_timeout makes a writer wait for another process's lock (a separate worker process) instead of failing
 * with SQLITE_BUSY; synchronous stays FULL, said explicitly: an acknowledged webhook must survive a power cut.
 */
export function createSqliteThreadAdapter(fileUrl: string, busyTimeoutMs: number) {
  const path = fileUrl.slice("file:".length);
  const pragmas =
    path === ":memory:"
      ? []
      : ["PRAGMA journal_mode = WAL", `PRAGMA busy_timeout = ${busyTimeoutMs}`, "PRAGMA synchronous = FULL"];
  return new SqliteThreadAdapterFactory({ path, pragmas });
}
