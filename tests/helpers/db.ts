import prisma from "~/db.server";
import { databaseEngine } from "~/db-adapter.server";

export const onPostgres = () => databaseEngine(process.env.DATABASE_URL) === "postgresql";

/** Empties every application table (the migrations table stays), so each test starts clean. */
export async function resetDatabase() {
  if (onPostgres()) {
    const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
      "SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
    );
    if (tables.length) {
      await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map(({ name }) => `"${name}"`).join(", ")} RESTART IDENTITY`);
    }
    // Jobs live in graphile-worker's schema on PostgreSQL (docs/decisions/310).
    const [jobs] = await prisma.$queryRawUnsafe<{ table: string | null }[]>(
      "SELECT to_regclass('graphile_worker._private_jobs')::text AS table",
    );
    if (jobs?.table) await prisma.$executeRawUnsafe("TRUNCATE graphile_worker._private_jobs CASCADE");
    return;
  }
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
  );
  for (const { name } of tables) await prisma.$executeRawUnsafe(`DELETE FROM "${name}"`);
}

/**
 * Makes the database itself refuse matching writes to a table until the returned function is called: a real
 * failed write (what a full disk or a lost connection looks like to the app), on either store.
 */
export async function refuseWrites(
  table: string,
  event: "INSERT" | "UPDATE",
  condition: string,
  message: string,
): Promise<() => Promise<void>> {
  const name = `refuse_${table.toLowerCase()}_${event.toLowerCase()}`;
  if (onPostgres()) {
    await prisma.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$ LANGUAGE plpgsql`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION ${name}()`,
    );
    return async () => {
      await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON "${table}"`);
    };
  }
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" WHEN ${condition} BEGIN SELECT RAISE(ABORT, '${message}'); END`,
  );
  return async () => {
    await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name}`);
  };
}

export { prisma };
