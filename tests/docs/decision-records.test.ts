import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/engines";

const DIR = path.join(ROOT, "docs/decisions");
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(path.join(DIR, "README.md"), "utf8");

describe("the decision records", () => {
  it("are all listed in the index, with the status each record states", () => {
    expect(records.length).toBeGreaterThan(100);
    for (const name of records) {
      const status = /^- Status: (.+)$/m.exec(readFileSync(path.join(DIR, name), "utf8"))?.[1];
      expect(index, name).toContain(`](${name}) | ${status} |`);
    }
  });

  it("each open with their number, a status and a date, as the template does", () => {
    for (const name of records) {
      const [title, ...rest] = readFileSync(path.join(DIR, name), "utf8").split("\n");
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 3)} \\S`));
      const header = rest.slice(0, 6).join("\n");
      expect(header, name).toMatch(/^- Status: (proposed|accepted|superseded)/m);
      expect(header, name).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    }
  });

  it("name the records that supersede them, and those records exist", () => {
    for (const name of records) {
      const status = /^- Status: (.+)$/m.exec(readFileSync(path.join(DIR, name), "utf8"))?.[1] ?? "";
      for (const successor of status.startsWith("superseded") ? (status.match(/\d{3}/g) ?? []) : []) {
        expect(
          records.some((record) => record.startsWith(`${successor}-`)),
          `${name} → ${successor}`,
        ).toBe(true);
      }
    }
  });
});
