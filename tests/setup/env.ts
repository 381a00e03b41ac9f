import { copyFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { TEST_ENV } from "../helpers/test-env";

// A real SQLite file per test file, copied from the migrated template.
const template = path.resolve("tmp/test-db/template.sqlite");
const database = path.resolve(`tmp/test-db/${randomUUID()}.sqlite`);
copyFileSync(template, database);

Object.assign(process.env, TEST_ENV, { DATABASE_URL: `file:${database}` });
