/**
 * `npm run db:deploy`: applies the migrations of the store DATABASE_URL names (docs/decisions/090):
 * prisma/migrations through `prisma migrate deploy` for SQLite, prisma/migrations-postgresql through dbmate
 * for PostgreSQL. Run it once per release, before the new version's processes start.
 */
import "dotenv/config";
import { DEFAULT_DATABASE_URL } from "../app/db-adapter.server";
import { deployMigrations, engineOf } from "./lib/engines";

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
try {
  const output = deployMigrations(url);
  console.log(`${engineOf(url)}: migrations applied\n${output.trim()}`);
} catch (error) {
  const { stdout, stderr } = error as { stdout?: string; stderr?: string };
  console.error(`${engineOf(url)}: migrating failed\n${stdout ?? ""}${stderr ?? String(error)}`);
  process.exit(1);
}
