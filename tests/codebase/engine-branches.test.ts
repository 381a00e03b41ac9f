import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/engines";

/** Where SQL is written per engine: the order path's store and the reports' store, one implementation each. */
const STORES = ["app/services/deliveries/store/", "app/services/deliveries/report-store/"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

describe("SQL that differs per engine", () => {
  it("lives in a store, never behind a test of the database's URL in a service", () => {
    const services = sourceFiles("app/services").filter((file) => !STORES.some((store) => file.startsWith(store)));
    expect(services.length).toBeGreaterThan(50);
    const branching = services.filter((file) =>
      /\bisPostgres\b|DATABASE_URL\.startsWith\(/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(branching).toEqual([]);
  });
});
