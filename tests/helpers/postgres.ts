/**
 * The PostgreSQL pass of the test suites (docs/decisions/091): TEST_DB_ENGINE=postgresql with TEST_POSTGRES_URL
 * naming a server (`npm run test:postgres` starts a throwaway one). One template database is migrated once;
 * each test file gets its own database copied from it, as the SQLite pass copies a template file.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { withDatabase } from "../../scripts/lib/postgres-cluster";

export const TEMPLATE_DATABASE = "connector_test_template";
export const TEST_DATABASE_PREFIX = "connector_test_";

export function postgresTestServer(): string | undefined {
  return process.env.TEST_DB_ENGINE === "postgresql" ? requiredServer() : undefined;
}

function requiredServer(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error("TEST_DB_ENGINE=postgresql needs TEST_POSTGRES_URL (npm run test:postgres starts a server)");
  return url;
}

async function withAdmin<T>(server: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** graphile-worker's schema in the database at `url` (a template copies it to every test file's database). */
export async function migrateJobSchemaAt(url: string) {
  const { runMigrations, Logger } = await import("graphile-worker");
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const fail = (error: Error) => console.warn(`graphile-worker migration: ${error.message}`);
  pool.on("error", fail);
  pool.on("connect", (client) => client.on("error", fail));
  try {
    await runMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
  } finally {
    await pool.end();
  }
}

/** (Re)creates an empty database; the caller migrates it. */
export async function recreateDatabase(server: string, name: string): Promise<string> {
  await withAdmin(server, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return withDatabase(server, name);
}

/** A fresh database for one test file, copied from the migrated template (milliseconds, no migration run). */
export async function databaseFromTemplate(server: string, template = TEMPLATE_DATABASE): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${randomUUID().replace(/-/g, "")}`;
  await withAdmin(server, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return withDatabase(server, name);
}

/** Drops every database the test passes created on this server (for a long-lived TEST_POSTGRES_URL server). */
export async function dropTestDatabases(server: string) {
  await withAdmin(server, async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${TEST_DATABASE_PREFIX}%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
