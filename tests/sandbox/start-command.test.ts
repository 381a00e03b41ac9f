import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileServerEntry } from "../../scripts/lib/server-entry";
import { APP_SERVER_ARGS, ROOT, startStack, WORKER_ARGS } from "../../sandbox/stack";

describe("the production start command", () => {
  it("runs the app process with the arguments the sandbox, the bench and the crash test use", () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    expect(scripts.start).toBe(`NODE_ENV=production node ${APP_SERVER_ARGS.join(" ")}`);
    expect(scripts.build).toContain("scripts/build-entries.ts");
    expect(scripts.worker).toBe(`NODE_ENV=production node ${WORKER_ARGS.join(" ")}`);
  });

  it("starts a server entry Node loads as plain JavaScript", () => {
    // Under the repository, so the package's "type": "module" applies as it does to build/server.
    const dir = path.join(ROOT, "tmp", `server-entry-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const out = path.join(dir, "app-server.js");
      compileServerEntry(out);
      const source = readFileSync(out, "utf8");
      expect(source).toContain("export function appRequestListener");
      expect(source).not.toMatch(/: (IncomingMessage|ServerResponse|Request)\b/);
      // Loading it (not running it: it starts only as the main module) fails on any type left in it: Node strips
      // types from .ts files only, never from a .js one.
      const loaded = execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const m = await import(${JSON.stringify(out)}); console.log(Object.keys(m).sort().join(","));`,
        ],
        { cwd: ROOT, encoding: "utf8" },
      );
      expect(loaded.trim()).toBe("appRequestListener,startAppServer");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses, before starting anything, a port that fetch and browsers will not connect to", async () => {
    await expect(
      startStack({ databaseFile: path.join(ROOT, "tmp", "never-created.sqlite"), ports: { platform: 6000 } }),
    ).rejects.toThrow("Port 6000 (platform) is one that fetch and browsers refuse to connect to; choose another");
  });
});
