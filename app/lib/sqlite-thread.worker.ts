/**
 * The SQLite thread: app/lib/sqlite-thread-client.server.ts starts this module as a worker thread. It is a file of
 * its own, loaded by Node: from this source in development and tests (Node strips its types, so it keeps to
 * erasable syntax and imports nothing of the app but types), and as the JavaScript `npm run build` emits beside
 * the server and worker bundles (scripts/lib/sqlite-thread-entry.ts).
 *
 * The thread owns the process's one SQLite connection (Node's built-in `node:sqlite`, synchronous; the same
 * settings as the libsql driver it replaced: foreign keys on, no double-quoted strings, docs/decisions/185) and
 * answers messages:
 * - autocommit statements that arrive together run in one BEGIN IMMEDIATE ... COMMIT: one fsync for all of
 *   them (group commit); each gets its own result or error, and every answer is sent after the COMMIT;
 * - a transaction (begin, its statements, commit or rollback) has the connection to itself: statements from
 *   outside it wait in order until it ends (the mutex semantics of @prisma/adapter-libsql, moved here);
 * - scripts (several statements, Prisma's executeScript) run alone.
 * A query carries its SQL text the first time and a number afterwards; an answer carries its statement's columns
 * only the first time after the statement was prepared, and no empty rows or zero counts (docs/decisions/179).
 */
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type { Reply, ThreadData, Wire, WireError } from "./sqlite-thread-protocol";

type Query = Extract<Wire, { kind: "query" }> & { sql: string };
type Message = Exclude<Wire, { kind: "query" }> | Query;
type Answered = Extract<Reply, { columns?: string[] }>;

interface Prepared {
  stmt: StatementSync;
  /** A statement that returns rows (a SELECT, a RETURNING): its rows travel as arrays. */
  reader: boolean;
  names: string[];
  types: string[];
  /** The main thread has been sent this statement's columns (it keeps them by the statement's number). */
  announced: boolean;
}

const port = parentPort!;
const { path, pragmas } = workerData as ThreadData;
const db = new DatabaseSync(path);
for (const pragma of pragmas) db.exec(pragma);

const statements = new Map<string, Prepared>();
const STATEMENT_CACHE_SIZE = 256;

function prepare(sql: string): Prepared {
  let entry = statements.get(sql);
  if (entry) {
    // Least recently used goes first: a use moves the statement to the end.
    statements.delete(sql);
    statements.set(sql, entry);
    return entry;
  }
  const stmt = db.prepare(sql);
  const columns = stmt.columns();
  const reader = columns.length > 0;
  if (reader) stmt.setReturnArrays(true);
  stmt.setReadBigInts(true);
  entry = {
    stmt,
    reader,
    names: columns.map((column) => column.name),
    types: columns.map((column) => column.type ?? ""),
    announced: false,
  };
  statements.set(sql, entry);
  if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
  return entry;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSql(value: SQLOutputValue): unknown {
  if (typeof value === "bigint") return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value;
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
}

function toSql(value: unknown): SQLInputValue {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  // Anything else goes as it came: SQLite's binding refuses a type it has none for, answered as that statement's error.
  return value as SQLInputValue;
}

/**
 * node:sqlite's errors carry SQLite's extended result code as errcode (2067: a UNIQUE constraint); errors of the
 * binding itself (an argument of a type SQLite has none for) carry none.
 */
function describe(error: unknown): WireError {
  const fields = (typeof error === "object" && error !== null ? error : {}) as {
    message?: unknown;
    code?: unknown;
    errcode?: unknown;
  };
  return {
    message: String(fields.message),
    code: typeof fields.code === "string" ? fields.code : "SQLITE_ERROR",
    rawCode: typeof fields.errcode === "number" ? fields.errcode : undefined,
  };
}

const notOpen = (id: number): Reply => ({
  id,
  error: { message: "The transaction is no longer open", code: "SQLITE_ERROR" },
});

/** Answers whose columns were announced: if a failure replaces one, the next answer announces them again. */
const announcements = new WeakMap<Reply, Prepared>();

function run(message: Query): Reply {
  try {
    if (/^\s*(CREATE|DROP|ALTER)\b/i.test(message.sql)) statements.clear();
    const entry = prepare(message.sql);
    const args = message.args.map(toSql);
    if (entry.reader) {
      const rows = (entry.stmt.all(...args) as unknown as SQLOutputValue[][]).map((row) => row.map(fromSql));
      const reply: Answered = rows.length ? { id: message.id, rows } : { id: message.id };
      // A statement without a number is always answered with its columns.
      if (!entry.announced || !message.ref) {
        reply.columns = entry.names;
        reply.types = entry.types;
        if (message.ref) {
          entry.announced = true;
          announcements.set(reply, entry);
        }
      }
      return reply;
    }
    const changes = Number(entry.stmt.run(...args).changes);
    return changes ? { id: message.id, changes } : { id: message.id };
  } catch (error) {
    return { id: message.id, error: describe(error) };
  }
}

function script(message: Extract<Message, { kind: "script" }>): Reply {
  try {
    statements.clear();
    db.exec(message.sql);
    return { id: message.id };
  } catch (error) {
    return { id: message.id, error: describe(error) };
  }
}

function failSince(replies: Reply[], from: number, error: WireError) {
  for (let i = from; i < replies.length; i++) {
    const reply = replies[i];
    if ("error" in reply) continue;
    const announced = announcements.get(reply);
    if (announced) announced.announced = false;
    replies[i] = { id: reply.id, error };
  }
}

function rollBackIfOpen() {
  if (!db.isTransaction) return;
  try {
    db.exec("ROLLBACK");
  } catch {
    // The connection rolls back by itself when it cannot.
  }
}

/** Autocommit statements that arrived together: one transaction, one fsync, one answer each after the commit. */
function runGroup(group: Query[], replies: Reply[]) {
  // Reads need no shared commit, and a transaction would take the write lock from another process for nothing.
  if (group.length === 1 || group.every((message) => /^\s*SELECT\b/i.test(message.sql))) {
    for (const message of group) replies.push(run(message));
    return;
  }
  let start = replies.length;
  let open = false;
  for (const message of group) {
    if (!open) {
      try {
        db.exec("BEGIN IMMEDIATE");
        open = true;
        start = replies.length;
      } catch (error) {
        replies.push({ id: message.id, error: describe(error) });
        continue;
      }
    }
    const reply = run(message);
    replies.push(reply);
    // A failed statement normally undoes only itself; some failures (I/O, full disk) end the transaction, and
    // with it what the statements before this one did: those are failures too.
    if (!db.isTransaction) {
      open = false;
      failSince(replies, start, "error" in reply ? reply.error : describe(new Error("The transaction ended early")));
    }
  }
  if (!open) return;
  try {
    db.exec("COMMIT");
  } catch (error) {
    rollBackIfOpen();
    failSince(replies, start, describe(error));
  }
}

const queue: Message[] = [];
let openTransaction = 0;
let scheduled = false;

function drain() {
  scheduled = false;
  const replies: Reply[] = [];
  while (queue.length) {
    if (openTransaction) {
      const index = queue.findIndex((message) => "tx" in message && message.tx === openTransaction);
      if (index < 0) break; // the transaction's next statement has not come yet
      const [message] = queue.splice(index, 1);
      replies.push(runInTransaction(message));
      continue;
    }
    const head = queue[0];
    if (head.kind === "query" && head.tx) {
      // A statement of a transaction this connection does not have open (its thread died): never run it alone.
      queue.shift();
      replies.push(notOpen(head.id));
    } else if (head.kind === "query") {
      let end = 1;
      while (end < queue.length && queue[end].kind === "query" && !(queue[end] as Query).tx) end++;
      runGroup(queue.splice(0, end) as Query[], replies);
    } else if (head.kind === "script") {
      queue.shift();
      replies.push(script(head));
    } else if (head.kind === "begin") {
      queue.shift();
      try {
        db.exec("BEGIN IMMEDIATE");
        openTransaction = head.tx;
        replies.push({ id: head.id });
      } catch (error) {
        replies.push({ id: head.id, error: describe(error) });
      }
    } else if (head.kind === "close") {
      queue.length = 0;
      db.close();
      port.postMessage(replies.concat({ id: head.id }));
      port.close();
      return;
    } else if (head.kind === "commit") {
      queue.shift();
      replies.push(notOpen(head.id));
    } else {
      // A rollback of a transaction that is no longer open: nothing left to undo.
      queue.shift();
      replies.push({ id: head.id });
    }
  }
  if (replies.length) port.postMessage(replies);
}

function runInTransaction(message: Message): Reply {
  if (message.kind === "query") return run(message);
  openTransaction = 0;
  if (message.kind === "commit") {
    try {
      db.exec("COMMIT");
      return { id: message.id };
    } catch (error) {
      rollBackIfOpen();
      return { id: message.id, error: describe(error) };
    }
  }
  try {
    if (db.isTransaction) db.exec("ROLLBACK");
    return { id: message.id };
  } catch (error) {
    return { id: message.id, error: describe(error) };
  }
}

/** Statement texts by number: a query carries its text once, with the number it is sent by afterwards. */
const texts = new Map<number, string>();

port.on("message", (messages: Wire[]) => {
  for (const message of messages) {
    if (message.kind === "query") {
      if (message.sql === undefined) message.sql = texts.get(message.ref);
      else if (message.ref) texts.set(message.ref, message.sql);
    }
    queue.push(message as Message);
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(drain);
  }
});
