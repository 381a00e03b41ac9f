/**
 * Fails when prisma/schema.prisma and prisma/migrations disagree.
 *
 * `prisma migrate diff --from-migrations` cannot run on the driver-adapter path these machines use
 * (it applies only part of each migration to its shadow database), so this check materialises both
 * sides in throwaway SQLite files and compares what SQLite itself reports: tables, columns, indexes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";

const prismaEnv = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent" };
const dir = mkdtempSync(path.join(tmpdir(), "drift-"));

function prisma(args: string[], databaseUrl: string): string {
  return execFileSync("npx", ["prisma", ...args], {
    env: { ...prismaEnv, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function describe(client: Client): Promise<string[]> {
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

async function main() {
  const fromMigrations = `file:${path.join(dir, "migrations.sqlite")}`;
  const fromSchema = `file:${path.join(dir, "schema.sqlite")}`;
  try {
    prisma(["migrate", "deploy"], fromMigrations);
    const script = prisma(
      ["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      fromSchema,
    );
    const schemaDb = createClient({ url: fromSchema });
    await schemaDb.executeMultiple(script);
    const migrationsDb = createClient({ url: fromMigrations });
    const [a, b] = [await describe(migrationsDb), await describe(schemaDb)];
    migrationsDb.close();
    schemaDb.close();
    const onlyMigrations = a.filter((line) => !b.includes(line));
    const onlySchema = b.filter((line) => !a.includes(line));
    if (onlyMigrations.length || onlySchema.length) {
      console.error("Schema drift: prisma/schema.prisma and prisma/migrations disagree.");
      for (const line of onlySchema) console.error(`  only in schema.prisma:  ${line}`);
      for (const line of onlyMigrations) console.error(`  only in migrations:     ${line}`);
      console.error("Create a migration: npm run db:migration -- <name>");
      process.exitCode = 1;
    } else {
      console.log(`No drift: ${a.length} columns and indexes match.`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
