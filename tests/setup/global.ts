import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

export const TEST_DB_DIR = path.resolve("tmp/test-db");
export const TEMPLATE_DB = path.join(TEST_DB_DIR, "template.sqlite");

/** Migrates one template database; each test file gets its own copy (tests/setup/env.ts). */
export default function setup() {
  rmSync(TEST_DB_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DB_DIR, { recursive: true });
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}`, PRISMA_SCHEMA_ENGINE_BINARY: "/nonexistent" },
    stdio: "pipe",
  });
  return () => rmSync(TEST_DB_DIR, { recursive: true, force: true });
}
