/**
 * `npm run db:migration -- <name>`: one schema change, one migration per store, both from the diff between
 * prisma/schema.prisma as committed (git HEAD, or --from <rev>) and as it is in the working tree:
 *   prisma/migrations/<stamp>_<name>/migration.sql      SQLite, applied by `prisma migrate deploy`
 *   prisma/migrations-postgresql/<stamp>_<name>.sql     PostgreSQL, applied by dbmate (docs/decisions/090)
 * `--engine postgresql` (or sqlite) writes only that store's migration: how the PostgreSQL twin of a SQLite
 * migration that arrived in a merge is made (docs/operations.md, "Migrations on two stores"). `prisma migrate dev` needs the native
 * schema engine these machines cannot download; `npm run db:drift` checks the result on both stores.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  diffScript,
  POSTGRES_MIGRATIONS,
  postgresSchemaText,
  ROOT,
  SCHEMA,
  SQLITE_MIGRATIONS,
  type Engine,
} from "./lib/engines";

const args = process.argv.slice(2);
const option = (flag: string) => {
  const index = args.indexOf(flag);
  return index >= 0 ? args.splice(index, 2)[1] : undefined;
};
const fromRev = option("--from") ?? "HEAD";
const engineArg = option("--engine");
const name = (args[0] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name || (engineArg && engineArg !== "sqlite" && engineArg !== "postgresql")) {
  console.error("usage: npm run db:migration -- <name> [--from <git rev>|empty] [--engine sqlite|postgresql]");
  process.exit(2);
}
const engines: Engine[] = engineArg ? [engineArg as Engine] : ["sqlite", "postgresql"];

const dir = mkdtempSync(path.join(tmpdir(), "migration-"));
try {
  const previousText =
    fromRev === "empty"
      ? undefined
      : execFileSync("git", ["show", `${fromRev}:prisma/schema.prisma`], { cwd: ROOT, encoding: "utf8" });
  const current = readFileSync(SCHEMA, "utf8");
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  for (const engine of engines) {
    const schemaFile = (label: string, text: string) => {
      const file = path.join(dir, `${label}.${engine}.prisma`);
      writeFileSync(file, engine === "postgresql" ? postgresSchemaText(text) : text);
      return file;
    };
    const sql = diffScript(
      previousText === undefined ? "empty" : schemaFile("previous", previousText),
      schemaFile("current", current),
    );
    if (!sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim())) {
      console.log(`${engine}: no schema change since ${fromRev}; nothing written`);
      continue;
    }
    if (engine === "sqlite") {
      const folder = path.join(SQLITE_MIGRATIONS, `${stamp}_${name}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, "migration.sql"), sql);
      console.log(`wrote ${path.relative(ROOT, folder)}/migration.sql`);
    } else {
      const file = path.join(POSTGRES_MIGRATIONS, `${stamp}_${name}.sql`);
      mkdirSync(POSTGRES_MIGRATIONS, { recursive: true });
      // dbmate runs each file in a transaction; a migration is never rolled back automatically (no down part).
      writeFileSync(file, `-- migrate:up\n${sql.trimEnd()}\n\n-- migrate:down\n`);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
