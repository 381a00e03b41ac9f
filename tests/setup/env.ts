import { copyFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { TEST_ENV } from "../helpers/test-env";
import { databaseFromTemplate, postgresTestServer } from "../helpers/postgres";

// A real database per test file, copied from the migrated template: a SQLite file, or a PostgreSQL database.
const server = postgresTestServer();
let databaseUrl: string;
if (server) {
  databaseUrl = await databaseFromTemplate(server);
} else {
  const template = path.resolve("tmp/test-db/template.sqlite");
  const database = path.resolve(`tmp/test-db/${randomUUID()}.sqlite`);
  copyFileSync(template, database);
  databaseUrl = `file:${database}`;
}

Object.assign(process.env, TEST_ENV, { DATABASE_URL: databaseUrl });
