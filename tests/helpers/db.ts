import prisma from "~/db.server";

/** Empties every application table (the migrations table stays), so each test starts clean. */
export async function resetDatabase() {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
  );
  for (const { name } of tables) await prisma.$executeRawUnsafe(`DELETE FROM "${name}"`);
}

export { prisma };
