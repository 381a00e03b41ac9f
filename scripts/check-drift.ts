/**
 * Fails when prisma/schema.prisma and a store's migrations disagree: prisma/migrations (SQLite) and
 * prisma/migrations-postgresql (PostgreSQL, docs/decisions/090).
 *
 * `prisma migrate diff --from-migrations` cannot run on the driver-adapter path these machines use
 * (it applies only part of each migration to its shadow database, and cannot migrate PostgreSQL at all), so
 * this check materialises both sides in throwaway databases and compares what the store itself reports:
 * tables, columns, defaults, keys, indexes. The PostgreSQL half needs a server (TEST_POSTGRES_URL, or a
 * throwaway cluster when PostgreSQL is installed); without one it says so loudly, and fails in CI.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import pg from "pg";
import { deployMigrations, diffScript, POSTGRES_SCHEMA, prisma, SCHEMA, generateClients } from "./lib/engines";
import { acquirePostgres, withDatabase } from "./lib/postgres-cluster";

const dir = mkdtempSync(path.join(tmpdir(), "drift-"));

async function describeSqlite(client: Client): Promise<string[]> {
  const lines: string[] = [];
  const objects = await client.execute(
    "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma_migrations%' ORDER BY type, name",
  );
  for (const row of objects.rows) {
    const name = String(row.name);
    if (row.type === "table") {
      const columns = await client.execute(`PRAGMA table_info("${name}")`);
      for (const c of columns.rows) {
        lines.push(`table ${name} column ${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`);
      }
      const keys = await client.execute(`PRAGMA foreign_key_list("${name}")`);
      for (const k of keys.rows) {
        lines.push(`table ${name} fk ${k.from} -> ${k.table}.${k.to} on delete ${k.on_delete}`);
      }
    } else if (row.type === "index") {
      const info = await client.execute(`PRAGMA index_info("${name}")`);
      const list = await client.execute(`PRAGMA index_list("${row.tbl_name}")`);
      const unique = list.rows.find((r) => r.name === name)?.unique;
      lines.push(`index ${name} on ${row.tbl_name}(${info.rows.map((r) => r.name).join(",")}) unique=${unique}`);
    }
  }
  return lines;
}

/**
 * PostgreSQL indexes a Prisma schema shared with SQLite cannot declare, made by their migration on purpose: the
 * search key's trigram index (docs/decisions/256).
 */
const POSTGRES_ONLY_INDEXES = "('Delivery_searchKey_trgm_idx')";

async function describePostgres(client: pg.Client): Promise<string[]> {
  const ignored = "('schema_migrations')";
  const columns = await client.query(
    `SELECT table_name, column_name, data_type, character_maximum_length, datetime_precision, is_nullable, column_default
     FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT IN ${ignored}
     ORDER BY table_name, column_name`,
  );
  const indexes = await client.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT IN ${ignored}
       AND indexname NOT IN ${POSTGRES_ONLY_INDEXES}
     ORDER BY indexname`,
  );
  const constraints = await client.query(
    `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text NOT IN ${ignored}
     ORDER BY conname`,
  );
  return [
    ...columns.rows.map(
      (c) =>
        `table ${c.table_name} column ${c.column_name} ${c.data_type}(${c.character_maximum_length ?? c.datetime_precision ?? ""}) nullable=${c.is_nullable} default=${c.column_default}`,
    ),
    ...indexes.rows.map((i) => `index ${i.indexdef}`),
    ...constraints.rows.map((k) => `constraint ${k.table_name}.${k.conname} ${k.definition}`),
  ];
}

function report(store: string, folder: string, fromMigrations: string[], fromSchema: string[]): boolean {
  const onlyMigrations = fromMigrations.filter((line) => !fromSchema.includes(line));
  const onlySchema = fromSchema.filter((line) => !fromMigrations.includes(line));
  if (!onlyMigrations.length && !onlySchema.length) {
    console.log(`${store}: no drift, ${fromMigrations.length} columns, keys and indexes match (${folder}).`);
    return true;
  }
  console.error(`${store}: schema drift, prisma/schema.prisma and ${folder} disagree.`);
  for (const line of onlySchema) console.error(`  only in schema.prisma:  ${line}`);
  for (const line of onlyMigrations) console.error(`  only in migrations:     ${line}`);
  console.error("Create a migration: npm run db:migration -- <name> (docs/operations.md, Migrations on two stores)");
  return false;
}

async function checkSqlite(): Promise<boolean> {
  const fromMigrations = `file:${path.join(dir, "migrations.sqlite")}`;
  const fromSchema = `file:${path.join(dir, "schema.sqlite")}`;
  deployMigrations(fromMigrations);
  const script = prisma(["migrate", "diff", "--from-empty", "--to-schema-datamodel", SCHEMA, "--script"], fromSchema);
  const schemaDb = createClient({ url: fromSchema });
  await schemaDb.executeMultiple(script);
  const migrationsDb = createClient({ url: fromMigrations });
  const [a, b] = [await describeSqlite(migrationsDb), await describeSqlite(schemaDb)];
  migrationsDb.close();
  schemaDb.close();
  return report("SQLite", "prisma/migrations", a, b);
}

async function checkPostgres(): Promise<boolean> {
  const server = await acquirePostgres("the PostgreSQL drift check");
  if (!server) return true;
  const suffix = `${process.pid}_${Date.now()}`;
  const names = [`drift_migrations_${suffix}`, `drift_schema_${suffix}`];
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`CREATE DATABASE "${name}"`);
    deployMigrations(withDatabase(server.url, names[0]));
    const schemaDb = new pg.Client({ connectionString: withDatabase(server.url, names[1]) });
    await schemaDb.connect();
    await schemaDb.query(diffScript("empty", POSTGRES_SCHEMA));
    const migrationsDb = new pg.Client({ connectionString: withDatabase(server.url, names[0]) });
    await migrationsDb.connect();
    const [a, b] = [await describePostgres(migrationsDb), await describePostgres(schemaDb)];
    await Promise.all([migrationsDb.end(), schemaDb.end()]);
    return report("PostgreSQL", "prisma/migrations-postgresql", a, b);
  } finally {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
    server.stop();
  }
}

try {
  // The PostgreSQL schema is derived from prisma/schema.prisma: regenerate it so it is the one checked.
  generateClients();
  const results = [await checkSqlite(), await checkPostgres()];
  if (results.includes(false)) process.exitCode = 1;
} catch (error) {
  const { stderr } = error as { stderr?: string };
  console.error(`drift check failed to run: ${stderr ?? ""}${String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
