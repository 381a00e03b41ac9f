import type { PrismaClient } from "@prisma/client";
import prisma, { postgresConnection, sqliteConnection } from "../db.server";
import { postgresHotSql } from "./hot-sql-postgres.server";

/**
 * The connection under the order path's store (app/services/deliveries/store, docs/decisions/240): its statements
 * (the receiver's insert, the worker's claim and outcome writes, the callback's reads and writes) without Prisma's
 * client where it costs (docs/decisions/163). On SQLite a `$queryRaw` through the
 * client still goes through its query compiler (WebAssembly) and request plumbing: several times the main thread's
 * CPU of the statement itself. Here the statement goes straight to the connection under the client (the SQLite
 * thread, shared with the client, so order, transactions and group commit are the same); on PostgreSQL straight to
 * the `pg` pool under the client (hot-sql-postgres.server.ts, docs/decisions/182); through the client's
 * `$executeRaw` / `$queryRaw` only while neither connection is there.
 *
 * The template is written as for `$queryRaw`, whole (values only: no nested fragments or lists, which the
 * statements on this path never use). Rows come back with SQLite's values: dates as their stored text, booleans
 * as 0/1, so a caller turns dates back into Dates itself (as it must for PostgreSQL's `RETURNING *` anyway).
 */
export interface HotSql {
  execute(strings: TemplateStringsArray, ...values: unknown[]): Promise<number>;
  query<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]>;
  /** A statement already in the engine's own text (`?` placeholders on SQLite, `$n` on PostgreSQL). */
  executeText(text: string, values: unknown[]): Promise<number>;
  queryText<T>(text: string, values: unknown[]): Promise<T[]>;
}

const texts = new WeakMap<TemplateStringsArray, string>();

function textOf(strings: TemplateStringsArray) {
  let text = texts.get(strings);
  if (text === undefined) texts.set(strings, (text = strings.join("?")));
  return text;
}

function checked(values: unknown[]) {
  for (const value of values) {
    if (value !== null && typeof value === "object" && !(value instanceof Date) && !(value instanceof Uint8Array)) {
      throw new Error("hot SQL takes plain values only (no fragments, lists or objects; bytes as a Uint8Array)");
    }
  }
  return values;
}

const direct: HotSql = {
  execute: (strings, ...values) => direct.executeText(textOf(strings), values),
  query: <T>(strings: TemplateStringsArray, ...values: unknown[]) => direct.queryText<T>(textOf(strings), values),
  async executeText(text, values) {
    const connection = await sqliteConnection()!;
    return (await connection.statement(text, checked(values))).changes;
  },
  async queryText<T>(text: string, values: unknown[]) {
    const connection = await sqliteConnection()!;
    return (await connection.statement(text, checked(values))).rows as T[];
  },
};

function throughClient(db: PrismaClient): HotSql {
  return {
    execute: (strings, ...values) => db.$executeRaw(strings, ...values),
    query: <T>(strings: TemplateStringsArray, ...values: unknown[]) => db.$queryRaw<T[]>(strings, ...values),
    executeText: (text, values) => db.$executeRawUnsafe(text, ...values),
    queryText: <T>(text: string, values: unknown[]) => db.$queryRawUnsafe<T[]>(text, ...values),
  };
}

let postgresDirect: HotSql | null = null;

/** The hot path's statements on the app's database. */
export function hotSql(): HotSql {
  if (sqliteConnection()) return direct;
  const pool = postgresConnection();
  if (pool) return (postgresDirect ??= postgresHotSql(pool));
  return throughClient(prisma);
}
