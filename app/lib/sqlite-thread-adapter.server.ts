import { Worker } from "node:worker_threads";
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ArgType,
  type ColumnType,
  type Error as MappedDriverError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import { SQLITE_THREAD_SOURCE } from "./sqlite-thread.worker-source";
import { unsupportedNodeMessage } from "./node-version";

/**
 * A Prisma driver adapter for SQLite whose statements run on a worker thread that owns the process's one
 * connection (docs/decisions/121). The libsql client runs SQLite synchronously on the calling thread, fsync
 * included, so every commit stalled every request of the web process; here the main thread only sends
 * statements and receives rows.
 *
 * It behaves as @prisma/adapter-libsql does (same value and error conversions, copied from its source, so
 * stored dates and Prisma's error codes such as P2002 are unchanged) with two differences that live in the
 * thread (app/lib/sqlite-thread.worker-source.ts): autocommit statements that arrive together share one
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

type Request =
  | { kind: "query"; sql: string; args: unknown[]; tx: number }
  | { kind: "script"; sql: string }
  | { kind: "begin" | "commit" | "rollback"; tx: number }
  | { kind: "close" };

/**
 * A query as it travels: its SQL text only the first time, then the number both sides know it by (`ref`). The
 * order path's statements are a few hundred characters each and a few hundred distinct ones exist, so the text
 * sent with every statement was most of what each message carried (docs/decisions/179).
 */
type Wire =
  | { kind: "query"; id: number; tx: number; args: unknown[]; ref: number; sql?: string }
  | (Exclude<Request, { kind: "query" }> & { id: number });

interface Answer {
  columns: string[];
  types: string[];
  rows: unknown[][];
  changes: number;
}
/**
 * The thread's answer: `columns` and `types` only when the main thread does not know them yet for this statement
 * (its first answer after being prepared); `rows` and `changes` only when not empty.
 */
type Reply =
  | { id: number; columns?: string[]; types?: string[]; rows?: unknown[][]; changes?: number }
  | { id: number; error: { message: string; code: string; rawCode?: number } };

/** Distinct statements that get a number; any beyond travel with their text (statements built per call). */
const STATEMENT_REFS = 1024;
const NO_ROWS: unknown[][] = [];
const NO_COLUMNS: string[] = [];

/**
 * The worker thread and the requests waiting for its answers. A thread that dies (a crash in the driver, a file
 * that cannot be opened) fails what was waiting; the next statement starts a new thread, so the connection is
 * still one at a time.
 */
class SqliteThread {
  #worker: Worker | null = null;
  #pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: unknown) => void; ref: number }>();
  #outbox: Wire[] = [];
  #nextId = 1;
  #closing = false;
  #closed = false;
  /** The current thread's statement numbers and, once answered, their columns: a new thread starts both anew. */
  #refs = new Map<string, number>();
  #shapes = new Map<number, { columns: string[]; types: string[] }>();

  constructor(
    private readonly path: string,
    private readonly pragmas: string[],
  ) {}

  #start() {
    const worker = new Worker(SQLITE_THREAD_SOURCE, {
      eval: true,
      workerData: { path: this.path, pragmas: this.pragmas },
    });
    this.#refs = new Map();
    this.#shapes = new Map();
    // An idle connection must not keep the process alive; one with a statement in flight must.
    worker.unref();
    worker.on("message", (replies: Reply[]) => {
      // A thread that was replaced: what waited for it has been failed already.
      if (this.#worker !== worker) return;
      for (const reply of replies) {
        const waiting = this.#pending.get(reply.id);
        if (!waiting) continue;
        this.#pending.delete(reply.id);
        if ("error" in reply) {
          waiting.reject(driverError(reply.error));
          continue;
        }
        const rows = reply.rows ?? NO_ROWS;
        let shape = reply.columns ? { columns: reply.columns, types: reply.types ?? NO_COLUMNS } : undefined;
        if (shape && waiting.ref) this.#shapes.set(waiting.ref, shape);
        shape ??= this.#shapes.get(waiting.ref);
        if (!shape && rows.length) {
          waiting.reject(new Error("The SQLite thread answered rows of a statement whose columns are unknown"));
          continue;
        }
        waiting.resolve({
          columns: shape?.columns ?? NO_COLUMNS,
          types: shape?.types ?? NO_COLUMNS,
          rows,
          changes: reply.changes ?? 0,
        });
      }
      if (!this.#pending.size && !this.#closing) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      // Whatever was sent to this thread or waits to be sent is failed here, never run on the next one.
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      this.#outbox = [];
    };
    worker.on("error", (error) => fail(new Error(`The SQLite thread failed: ${error.message}`, { cause: error })));
    worker.on("exit", () => fail(new Error("The SQLite thread ended")));
    return worker;
  }

  request(message: Request): Promise<Answer> {
    if (this.#closed) return Promise.reject(new Error("The SQLite connection is closed"));
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    let wire: Wire;
    let ref = 0;
    if (message.kind === "query") {
      ref = this.#refs.get(message.sql) ?? 0;
      if (ref) {
        wire = { kind: "query", id, tx: message.tx, args: message.args, ref };
      } else {
        // The first time: the text, and the number it goes by from now on (messages arrive in the order sent).
        if (this.#refs.size < STATEMENT_REFS) this.#refs.set(message.sql, (ref = this.#refs.size + 1));
        wire = { kind: "query", id, tx: message.tx, args: message.args, ref, sql: message.sql };
      }
    } else {
      wire = { ...message, id };
    }
    return new Promise<Answer>((resolve, reject) => {
      if (!this.#pending.size) worker.ref();
      this.#pending.set(id, { resolve, reject, ref });
      // Statements issued in the same turn of the event loop travel as one message: a postMessage costs about
      // as much as running a small statement. Not later (a setImmediate would merge more requests' statements):
      // every statement on the order path waits for the one before it, and the worker's deliveries fell behind
      // with a pass of the loop added to each (docs/benchmarks.md, log 181).
      if (!this.#outbox.length) queueMicrotask(this.#flush);
      this.#outbox.push(wire);
    });
  }

  #flush = () => {
    const messages = this.#outbox;
    this.#outbox = [];
    if (messages.length) this.#worker?.postMessage(messages);
  };

  async close() {
    const worker = this.#worker;
    if (!worker || this.#closed) {
      this.#closed = true;
      return;
    }
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    // Held open until the thread has closed the connection and ended.
    this.#closing = true;
    worker.ref();
    await this.request({ kind: "close" }).catch(() => undefined);
    this.#closed = true;
    await exited;
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

// ---- Conversions, as @prisma/adapter-libsql 6.19 does them (src/conversion.ts, src/errors.ts; Apache-2.0) ----

function mapDeclType(declType: string): ColumnType | null {
  switch (declType.toUpperCase()) {
    case "":
      return null;
    case "DECIMAL":
      return ColumnTypeEnum.Numeric;
    case "FLOAT":
      return ColumnTypeEnum.Float;
    case "DOUBLE":
    case "DOUBLE PRECISION":
    case "NUMERIC":
    case "REAL":
      return ColumnTypeEnum.Double;
    case "TINYINT":
    case "SMALLINT":
    case "MEDIUMINT":
    case "INT":
    case "INTEGER":
    case "SERIAL":
    case "INT2":
      return ColumnTypeEnum.Int32;
    case "BIGINT":
    case "UNSIGNED BIG INT":
    case "INT8":
      return ColumnTypeEnum.Int64;
    case "DATETIME":
    case "TIMESTAMP":
      return ColumnTypeEnum.DateTime;
    case "TIME":
      return ColumnTypeEnum.Time;
    case "DATE":
      return ColumnTypeEnum.Date;
    case "TEXT":
    case "CLOB":
    case "CHARACTER":
    case "VARCHAR":
    case "VARYING CHARACTER":
    case "NCHAR":
    case "NATIVE CHARACTER":
    case "NVARCHAR":
      return ColumnTypeEnum.Text;
    case "BLOB":
      return ColumnTypeEnum.Bytes;
    case "BOOLEAN":
      return ColumnTypeEnum.Boolean;
    case "JSONB":
      return ColumnTypeEnum.Json;
    default:
      return null;
  }
}

function getColumnTypes(declaredTypes: string[], rows: unknown[][]): ColumnType[] {
  return declaredTypes.map((declared, column) => {
    const mapped = mapDeclType(declared);
    if (mapped !== null) return mapped;
    // No declared type (an expression): the first non-null value decides.
    const sample = rows.find((row) => row[column] !== null)?.[column];
    return sample === undefined ? ColumnTypeEnum.Int32 : inferColumnType(sample);
  });
}

function inferColumnType(value: unknown): ColumnType {
  switch (typeof value) {
    case "string":
      return ColumnTypeEnum.Text;
    case "bigint":
      return ColumnTypeEnum.Int64;
    case "boolean":
      return ColumnTypeEnum.Boolean;
    case "number":
      return ColumnTypeEnum.UnknownNumber;
    default:
      if (value instanceof ArrayBuffer) return ColumnTypeEnum.Bytes;
      throw new Error(`unexpected value of type ${typeof value} in a result row`);
  }
}

function mapRow(row: unknown[], columnTypes: ColumnType[]): unknown[] {
  return row.map((value, i) => {
    if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
    const type = columnTypes[i];
    if (typeof value === "number" && (type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64)) {
      return Number.isInteger(value) ? value : Math.trunc(value);
    }
    if ((typeof value === "number" || typeof value === "bigint") && type === ColumnTypeEnum.DateTime) {
      return new Date(Number(value)).toISOString();
    }
    if (typeof value === "bigint") return value.toString();
    return value;
  });
}

function mapArg(arg: unknown, argType: ArgType | undefined): unknown {
  if (arg === null || arg === undefined) return null;
  const scalar = argType?.scalarType;
  if (typeof arg === "string" && scalar === "bigint") return BigInt(arg);
  if (typeof arg === "string" && scalar === "decimal") return Number.parseFloat(arg);
  if (typeof arg === "string" && scalar === "datetime") arg = new Date(arg);
  // The libsql adapter's default timestamp format: what every stored date in this database already looks like.
  if (arg instanceof Date) return arg.toISOString().replace("Z", "+00:00");
  if (typeof arg === "string" && scalar === "bytes") return Buffer.from(arg, "base64");
  if (Array.isArray(arg) && scalar === "bytes") return new Uint8Array(arg as number[]);
  // The libsql client turned booleans into integers; the driver below it does not.
  if (typeof arg === "boolean") return arg ? 1 : 0;
  return arg;
}

const SQLITE_BUSY = 5;

function driverError(error: { message: string; code: string; rawCode?: number }) {
  const rawCode = error.rawCode ?? 1;
  const mapped: MappedDriverError = {
    originalCode: String(rawCode),
    originalMessage: error.message,
    ...mapDriverError(rawCode, error.message),
  };
  return new DriverAdapterError(mapped);
}

function mapDriverError(rawCode: number, message: string): MappedDriverError {
  const fields = () =>
    message
      .split("constraint failed: ")
      .at(1)
      ?.split(", ")
      .map((field) => field.split(".").pop()!);
  switch (rawCode) {
    case 2067:
    case 1555: {
      const constrained = fields();
      return { kind: "UniqueConstraintViolation", constraint: constrained ? { fields: constrained } : undefined };
    }
    case 1299: {
      const constrained = fields();
      return { kind: "NullConstraintViolation", constraint: constrained ? { fields: constrained } : undefined };
    }
    case 787:
    case 1811:
      return { kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} } };
    default:
      if ((rawCode & 0xff) === SQLITE_BUSY) return { kind: "SocketTimeout" };
      if (message.startsWith("no such table")) return { kind: "TableDoesNotExist", table: message.split(": ").at(1) };
      if (message.startsWith("no such column")) return { kind: "ColumnNotFound", column: message.split(": ").at(1) };
      if (message.includes("has no column named ")) {
        return { kind: "ColumnNotFound", column: message.split("has no column named ").at(1) };
      }
      return { kind: "sqlite", extendedCode: rawCode, message };
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
