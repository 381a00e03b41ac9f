import { createClient } from "@libsql/client";
import pg from "pg";
import type { Stack } from "../stack";

/**
 * Reads a running app's database with one short connection of its own (`?` placeholders on both engines): what the
 * app stored and when, without the app's modules in the reader's process. The end-to-end tests assert on it and the
 * benches measure with it.
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
    // The app's own connection writes at any moment (deliveries, job leases): wait for its lock, as it waits for ours.
    await client.execute("PRAGMA busy_timeout = 10000");
    return (await client.execute({ sql, args })).rows as unknown as T[];
  } finally {
    client.close();
  }
}
