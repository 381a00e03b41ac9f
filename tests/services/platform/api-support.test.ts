import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { servedVersion, supportedVersions, supportStatus } from "~/services/platform/api-support";
import { API_VERSION } from "~/services/platform/api-version";

const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);

/** The check `npm test` runs, on another version or day; its exit code and what it printed. */
async function check(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      path.join(root, "node_modules/.bin/tsx"),
      ["scripts/api-support-check.ts", ...args],
      {
        cwd: root,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("the Admin API support windows", () => {
  it("knows the configured version and finds it inside its window today", () => {
    expect(supportStatus(API_VERSION, new Date()).level).toMatch(/^(ok|warning)$/);
  });

  it("puts 2025-10 past its window on 2026-11-28, 2026-10 in it, and warns in 2026-10's last 90 days", () => {
    expect(supportStatus("2025-10", new Date("2026-11-28T00:00:00Z"))).toMatchObject({ level: "expired" });
    expect(supportStatus("2026-10", new Date("2026-11-28T00:00:00Z"))).toMatchObject({ level: "ok", daysLeft: 322 });
    expect(supportStatus("2026-10", new Date("2027-07-17T00:00:00Z"))).toMatchObject({ level: "ok" });
    expect(supportStatus("2026-10", new Date("2027-07-18T00:00:00Z"))).toMatchObject({
      level: "warning",
      daysLeft: 90,
    });
    expect(supportStatus("2026-10", new Date("2027-10-16T00:00:00Z"))).toMatchObject({ level: "expired" });
    expect(supportStatus("2024-01", new Date("2026-11-28T00:00:00Z"))).toEqual({ level: "unknown" });
  });

  it("serves a version past its window by the oldest supported one, and nothing for a version never released", () => {
    const day = new Date("2026-11-28T12:00:00Z");
    expect(supportedVersions(day).map((window) => window.version)).toEqual([
      "2026-01",
      "2026-04",
      "2026-07",
      "2026-10",
    ]);
    expect(servedVersion("2026-10", day)).toBe("2026-10");
    expect(servedVersion("2025-10", day)).toBe("2026-01");
    expect(servedVersion("2019-04", day)).toBe("2026-01");
    expect(servedVersion("2027-01", day)).toBeNull();
    expect(servedVersion("2026-02", day)).toBeNull();
  });

  it("fails npm test's check on a 2025-10 configuration", async () => {
    const result = await check("--version", "2025-10", "--today", "2026-11-28");
    expect(result.code).toBe(1);
    expect(result.output).toContain("Admin API 2025-10 left the platform's support on 2026-10-16");
  });

  it("warns, without failing, from 90 days before the configured version's end", async () => {
    const result = await check("--version", "2026-10", "--today", "2027-08-01");
    expect(result.code).toBe(0);
    expect(result.output).toContain(
      "WARNING: Admin API 2026-10 leaves the platform's support on 2027-10-16, in 76 days",
    );
  });

  it("passes on the configured version today", async () => {
    const result = await check();
    expect(result.code).toBe(0);
    expect(result.output).toContain(`Admin API ${API_VERSION}`);
  });
});
