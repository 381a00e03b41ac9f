/**
 * The code of the SQLite thread (app/lib/sqlite-thread-adapter.server.ts starts it with `new Worker(source,
 * { eval: true })`). It is plain JavaScript in a string because the app's server build is one bundle: a worker
 * thread needs a file of its own, and a small string needs no second build step.
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
export const SQLITE_THREAD_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");

const db = new DatabaseSync(workerData.path);
for (const pragma of workerData.pragmas) db.exec(pragma);

const statements = new Map();
const STATEMENT_CACHE_SIZE = 256;
function prepare(sql) {
  let entry = statements.get(sql);
  if (entry) {
    statements.delete(sql);
    statements.set(sql, entry);
    return entry;
  }
  const stmt = db.prepare(sql);
  const columns = stmt.columns();
  // A statement that returns rows (a SELECT, a RETURNING) has columns; its rows travel as arrays.
  const reader = columns.length > 0;
  if (reader) stmt.setReturnArrays(true);
  stmt.setReadBigInts(true);
  // announced: the main thread has been sent this statement's columns (it keeps them by the statement's number).
  entry = { stmt, reader, names: columns.map((c) => c.name), types: columns.map((c) => c.type || ""), announced: false };
  statements.set(sql, entry);
  if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
  return entry;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
function fromSql(value) {
  if (typeof value === "bigint") return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value;
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
}
function toSql(value) {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

// node:sqlite's errors carry SQLite's extended result code as errcode (2067: a UNIQUE constraint); errors of
// the binding itself (an argument of a type SQLite has none for) carry none.
function describe(error) {
  return {
    message: String(error && error.message),
    code: error && typeof error.code === "string" ? error.code : "SQLITE_ERROR",
    rawCode: error && typeof error.errcode === "number" ? error.errcode : undefined,
  };
}

// Answers whose columns were announced: if a failure replaces one, the next answer announces them again.
const announcements = new WeakMap();

function run(message) {
  try {
    if (/^\s*(CREATE|DROP|ALTER)\b/i.test(message.sql)) statements.clear();
    const entry = prepare(message.sql);
    const args = message.args.map(toSql);
    if (entry.reader) {
      const rows = entry.stmt.all(...args).map((row) => row.map(fromSql));
      const reply = rows.length ? { id: message.id, rows } : { id: message.id };
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
    const info = entry.stmt.run(...args);
    const changes = Number(info.changes);
    return changes ? { id: message.id, changes } : { id: message.id };
  } catch (error) {
    return { id: message.id, error: describe(error) };
  }
}

function script(message) {
  try {
    statements.clear();
    db.exec(message.sql);
    return { id: message.id };
  } catch (error) {
    return { id: message.id, error: describe(error) };
  }
}

function failSince(replies, from, error) {
  for (let i = from; i < replies.length; i++) {
    if (replies[i].error) continue;
    const announced = announcements.get(replies[i]);
    if (announced) announced.announced = false;
    replies[i] = { id: replies[i].id, error };
  }
}

/** Autocommit statements that arrived together: one transaction, one fsync, one answer each after the commit. */
function runGroup(group, replies) {
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
    replies.push(run(message));
    // A failed statement normally undoes only itself; some failures (I/O, full disk) end the transaction, and
    // with it what the statements before this one did: those are failures too.
    if (!db.isTransaction) {
      open = false;
      failSince(replies, start, replies[replies.length - 1].error || describe(new Error("The transaction ended early")));
    }
  }
  if (!open) return;
  try {
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // The connection rolls back by itself when it cannot.
      }
    }
    failSince(replies, start, describe(error));
  }
}

const queue = [];
let openTransaction = 0;
let scheduled = false;

function drain() {
  scheduled = false;
  const replies = [];
  while (queue.length) {
    if (openTransaction) {
      const index = queue.findIndex((message) => message.tx === openTransaction);
      if (index < 0) break; // the transaction's next statement has not come yet
      const [message] = queue.splice(index, 1);
      replies.push(runInTransaction(message));
      continue;
    }
    const head = queue[0];
    if (head.kind === "query" && head.tx) {
      // A statement of a transaction this connection does not have open (its thread died): never run it alone.
      queue.shift();
      replies.push({ id: head.id, error: { message: "The transaction is no longer open", code: "SQLITE_ERROR" } });
    } else if (head.kind === "query") {
      let end = 1;
      while (end < queue.length && queue[end].kind === "query" && !queue[end].tx) end++;
      runGroup(queue.splice(0, end), replies);
    } else if (head.kind === "script") {
      replies.push(script(queue.shift()));
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
      parentPort.postMessage(replies.concat({ id: head.id }));
      parentPort.close();
      return;
    } else if (head.kind === "commit") {
      queue.shift();
      replies.push({ id: head.id, error: { message: "The transaction is no longer open", code: "SQLITE_ERROR" } });
    } else {
      // A rollback of a transaction that is no longer open: nothing left to undo.
      queue.shift();
      replies.push({ id: head.id });
    }
  }
  if (replies.length) parentPort.postMessage(replies);
}

function runInTransaction(message) {
  if (message.kind === "query") return run(message);
  const ok = { id: message.id };
  openTransaction = 0;
  if (message.kind === "commit") {
    try {
      db.exec("COMMIT");
      return ok;
    } catch (error) {
      if (db.isTransaction) {
        try {
          db.exec("ROLLBACK");
        } catch {
          // The connection rolls back by itself when it cannot.
        }
      }
      return { id: message.id, error: describe(error) };
    }
  }
  try {
    if (db.isTransaction) db.exec("ROLLBACK");
    return ok;
  } catch (error) {
    return { id: message.id, error: describe(error) };
  }
}

// Statement texts by number: a query carries its text once, with the number it is sent by afterwards.
const texts = new Map();

parentPort.on("message", (messages) => {
  for (const message of messages) {
    if (message.kind === "query") {
      if (message.sql === undefined) message.sql = texts.get(message.ref);
      else if (message.ref) texts.set(message.ref, message.sql);
    }
    queue.push(message);
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(drain);
  }
});
`;
