import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { deployMigrations } from "../../scripts/lib/engines";
import {
  dropTestDatabases,
  migrateJobSchemaAt,
  postgresTestServer,
  recreateDatabase,
  TEMPLATE_DATABASE,
} from "../helpers/postgres";

export const TEST_DB_DIR = path.resolve("tmp/test-db");
export const TEMPLATE_DB = path.join(TEST_DB_DIR, "template.sqlite");

/**
 * Migrates one template database; each test file gets its own copy (tests/setup/env.ts). SQLite by default;
 * PostgreSQL when TEST_DB_ENGINE=postgresql (the template is a database on TEST_POSTGRES_URL's server).
 */
export default async function setup() {
  const server = postgresTestServer();
  if (server) {
    const template = await recreateDatabase(server, TEMPLATE_DATABASE);
    deployMigrations(template);
    // graphile-worker's own schema, as the app's first start migrates it (docs/decisions/310).
    await migrateJobSchemaAt(template);
    return () => dropTestDatabases(server);
  }
  rmSync(TEST_DB_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DB_DIR, { recursive: true });
  deployMigrations(`file:${TEMPLATE_DB}`);
  return () => rmSync(TEST_DB_DIR, { recursive: true, force: true });
}
