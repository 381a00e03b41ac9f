import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildApp, prepareDatabase, ROOT } from "../../../sandbox/stack";

export const E2E_DIR = path.join(ROOT, "tmp/e2e");
export const E2E_TEMPLATE = path.join(E2E_DIR, "template.sqlite");

/** Builds the app from the current sources and migrates one template database; each test file copies it. */
export default function setup() {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  buildApp(true);
  prepareDatabase(E2E_TEMPLATE);
  return () => rmSync(E2E_DIR, { recursive: true, force: true });
}
