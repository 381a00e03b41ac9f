/**
 * The two stores and how each is migrated (docs/decisions/090). prisma/schema.prisma is the one source of
 * truth for the models; the PostgreSQL schema is derived from it by swapping the provider, never edited.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { databaseEngine, type DatabaseEngine } from "../../app/db-adapter.server";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SCHEMA = path.join(ROOT, "prisma/schema.prisma");
export const SQLITE_MIGRATIONS = path.join(ROOT, "prisma/migrations");
export const POSTGRES_MIGRATIONS = path.join(ROOT, "prisma/migrations-postgresql");
/** Where the derived schema and its generated client live: build output, not sources. */
export const POSTGRES_CLIENT_DIR = path.join(ROOT, "node_modules/.prisma/client-postgresql");
export const POSTGRES_SCHEMA = path.join(ROOT, "node_modules/.prisma/schema-postgresql/schema.prisma");
const PRISMA_CLI = path.join(ROOT, "node_modules/prisma/build/index.js");
const DBMATE = path.join(ROOT, "node_modules/dbmate/dist/cli.js");

export type Engine = DatabaseEngine;
export const engineOf = databaseEngine;

/** The PostgreSQL twin of a schema text: same models, provider swapped, client generated beside the SQLite one. */
export function postgresSchemaText(sqliteSchema: string, clientOutput = POSTGRES_CLIENT_DIR): string {
  const provider = /(datasource\s+db\s*\{[^}]*?provider\s*=\s*)"sqlite"/;
  if (!provider.test(sqliteSchema))
    throw new Error('prisma/schema.prisma: expected datasource db { provider = "sqlite" }');
  return sqliteSchema
    .replace(provider, '$1"postgresql"')
    .replace(/(datasource\s+db\s*\{[^}]*?url\s*=\s*)"[^"]*"/, '$1"postgresql://localhost/unused"')
    .replace(/(generator\s+client\s*\{)/, `$1\n  output = ${JSON.stringify(clientOutput)}`);
}

/** Writes the derived PostgreSQL schema of `sqliteSchema` to `file` and returns its path. */
export function writePostgresSchema(sqliteSchema: string, file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, postgresSchemaText(sqliteSchema));
  return file;
}

export const prismaEnv = (databaseUrl?: string): NodeJS.ProcessEnv => ({
  ...process.env,
  // The native schema engine is never run on the js engine path; setting this stops the CLI downloading it.
  PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

export function prisma(args: string[], databaseUrl?: string): string {
  return execFileSync(process.execPath, [PRISMA_CLI, ...args], {
    cwd: ROOT,
    env: prismaEnv(databaseUrl),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** `prisma migrate diff ... --script` between two schema files (either may be "empty"). */
export function diffScript(from: string | "empty", to: string): string {
  const fromArgs = from === "empty" ? ["--from-empty"] : ["--from-schema-datamodel", from];
  return prisma(["migrate", "diff", ...fromArgs, "--to-schema-datamodel", to, "--script"]);
}

/** Generates both Prisma clients: the default one (SQLite) and the PostgreSQL one. */
export function generateClients() {
  prisma(["generate", "--schema", SCHEMA]);
  prisma(["generate", "--schema", writePostgresSchema(readFileSync(SCHEMA, "utf8"), POSTGRES_SCHEMA)]);
  shareRuntime(POSTGRES_CLIENT_DIR);
}

/**
 * A client generated outside node_modules/.prisma/client gets its own copy of Prisma's runtime. Two copies
 * mean two `Prisma.sql` classes and two `PrismaClientKnownRequestError` classes: the app builds SQL and checks
 * errors with the default client's `Prisma` namespace, and a foreign `Prisma.join` silently becomes one
 * parameter. Point the PostgreSQL client at the one runtime in @prisma/client, as the default client is.
 */
function shareRuntime(clientDir: string) {
  for (const file of readdirSync(clientDir)) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const target = path.join(clientDir, file);
    const text = readFileSync(target, "utf8");
    const shared = text.replace(/(["'])\.\/runtime\//g, "$1@prisma/client/runtime/");
    if (shared !== text) writeFileSync(target, shared);
  }
  rmSync(path.join(clientDir, "runtime"), { recursive: true, force: true });
}

/** Applies the engine's migrations to DATABASE_URL: Prisma for SQLite, dbmate's plain SQL for PostgreSQL. */
export function deployMigrations(databaseUrl: string) {
  if (engineOf(databaseUrl) === "sqlite") return prisma(["migrate", "deploy"], databaseUrl);
  return execFileSync(
    process.execPath,
    [DBMATE, "--url", databaseUrl, "--migrations-dir", POSTGRES_MIGRATIONS, "--no-dump-schema", "up"],
    { cwd: ROOT, env: process.env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}
