import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/engines";

/** Written by graphql-codegen from the platform's published schema (npm run graphql-codegen), never by hand. */
const GENERATED = new Set(["app/types/admin.types.d.ts", "app/types/admin.generated.d.ts"]);
const LIMIT = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

describe("the app's modules", () => {
  it(`are each at most ${LIMIT} lines, so one file holds one concern (generated types aside)`, () => {
    const files = sourceFiles("app").filter((file) => !GENERATED.has(file));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > LIMIT + 1)
      .map(({ file, lines }) => `${file}: ${lines - 1} lines`);
    expect(long).toEqual([]);
  });

  it("leave out only generated files that exist", () => {
    for (const file of GENERATED) expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(/eslint-disable|Do not edit|generated/i);
  });
});
