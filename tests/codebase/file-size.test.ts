import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import codegen from "../../.graphqlrc";
import { ROOT } from "../../scripts/lib/engines";

/** What graphql-codegen writes from the platform's published schema (npm run graphql-codegen), never by hand. */
const GENERATED = new Set(
  Object.keys(codegen.projects.default.extensions?.codegen?.generates ?? {}).map((file) => path.normalize(file)),
);
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
    // The preset also lists the schema file itself while it is not unpacked yet (a fresh clone): not a module.
    expect([...GENERATED].filter((file) => /\.tsx?$/.test(file)).sort()).toEqual([
      "app/types/admin.generated.d.ts",
      "app/types/admin.types.d.ts",
    ]);
    const files = sourceFiles("app").filter((file) => !GENERATED.has(file));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > LIMIT + 1)
      .map(({ file, lines }) => `${file}: ${lines - 1} lines`);
    expect(long).toEqual([]);
  });
});
