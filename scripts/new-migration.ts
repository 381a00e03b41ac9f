/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql: the SQL from the schema as committed
 * (git HEAD, or --from <rev>) to prisma/schema.prisma in the working tree. `prisma migrate dev`
 * needs the native schema engine these machines cannot download; `npm test` checks the result.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const fromIndex = args.indexOf("--from");
const fromRev = fromIndex >= 0 ? args.splice(fromIndex, 2)[1] : "HEAD";
const name = (args[0] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration -- <name> [--from <git rev>]");
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), "migration-"));
try {
  const previous = path.join(dir, "previous.prisma");
  writeFileSync(previous, execFileSync("git", ["show", `${fromRev}:prisma/schema.prisma`], { encoding: "utf8" }));
  const sql = execFileSync(
    "npx",
    [
      "prisma",
      "migrate",
      "diff",
      "--from-schema-datamodel",
      previous,
      "--to-schema-datamodel",
      "prisma/schema.prisma",
      "--script",
    ],
    { env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent" }, encoding: "utf8" },
  );
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = path.join("prisma", "migrations", `${stamp}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "migration.sql"), sql);
  console.log(`wrote ${folder}/migration.sql`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
