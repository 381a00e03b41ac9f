import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildApp, prepareDatabase, ROOT } from "../../../sandbox/stack";

export const E2E_DIR = path.join(ROOT, "tmp/e2e");
export const E2E_TEMPLATE = path.join(E2E_DIR, "template.sqlite");

/** Generates the Prisma client, builds the app from the current sources and migrates one template database. */
export default function setup() {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  // The Prisma client first: the build bundles against it, and a merged schema change needs it regenerated.
  prepareDatabase(E2E_TEMPLATE, { generate: true });
  buildApp(true);
  return () => rmSync(E2E_DIR, { recursive: true, force: true });
}
