import { createClient } from "@libsql/client";
import pg from "pg";
import type { Stack } from "../../sandbox/stack";

/**
 * Reads the running app's database from a bench with one short connection (`?` placeholders on both engines): what
 * the app stored and when, without the app's own modules in the bench's process.
 */
export async function readAppDb<T = Record<string, unknown>>(
  stack: Stack,
  sql: string,
  args: (string | number)[] = [],
) {
  if (stack.databaseUrl?.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      let index = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++index}`),
          args,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const client = createClient({ url: `file:${stack.databaseFile}` });
  try {
    // The app writes at any moment: wait for its lock, as it waits for ours.
    await client.execute("PRAGMA busy_timeout = 10000");
    return (await client.execute({ sql, args })).rows as unknown as T[];
  } finally {
    client.close();
  }
}

/** A stored DateTime as milliseconds: SQLite gives numbers or ISO text, PostgreSQL Date objects. */
export function millisOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number" || typeof value === "bigint") return Number(value);
  const asNumber = Number(value);
  return Number.isFinite(asNumber) ? asNumber : Date.parse(String(value));
}
