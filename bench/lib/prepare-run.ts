import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildApp, prepareDatabase, preparePostgres, ROOT } from "../../sandbox/stack";

/**
 * What every load script does before it starts the stack: a fresh `tmp/<name>` directory with a migrated SQLite
 * file, a throwaway PostgreSQL cluster when asked, and the app's production build.
 */
export async function prepareRun(name: string, options: { postgres?: boolean; build?: boolean } = {}) {
  const dir = path.join(ROOT, "tmp", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const databaseFile = path.join(dir, `${name}.sqlite`);
  console.log("preparing: prisma generate, build, migrate, start the stack...");
  prepareDatabase(databaseFile, { generate: true });
  const postgres = options.postgres ? await preparePostgres() : null;
  buildApp(options.build ?? true);
  return { dir, databaseFile, postgres };
}
