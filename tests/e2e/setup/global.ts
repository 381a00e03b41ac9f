import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildApp, prepareDatabase, ROOT } from "../../../sandbox/stack";
import { deployMigrations } from "../../../scripts/lib/engines";
import { dropTestDatabases, postgresTestServer, recreateDatabase } from "../../helpers/postgres";

export const E2E_DIR = path.join(ROOT, "tmp/e2e");
export const E2E_TEMPLATE = path.join(E2E_DIR, "template.sqlite");
/** The PostgreSQL pass's template database (TEST_DB_ENGINE=postgresql, docs/decisions/091). */
export const E2E_POSTGRES_TEMPLATE = "connector_e2e_template";

/** Generates the Prisma client, builds the app from the current sources and migrates one template database. */
export default async function setup() {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  // The Prisma client first: the build bundles against it, and a merged schema change needs it regenerated.
  prepareDatabase(E2E_TEMPLATE, { generate: true });
  buildApp(true);
  const server = postgresTestServer();
  if (server) deployMigrations(await recreateDatabase(server, E2E_POSTGRES_TEMPLATE));
  return async () => {
    if (server) await dropTestDatabases(server);
    rmSync(E2E_DIR, { recursive: true, force: true });
  };
}
