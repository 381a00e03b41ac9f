import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../sandbox/stack";
import { isSupported } from "../../scripts/supported-node.mjs";

const LAUNCHER = path.join(ROOT, "scripts/supported-node.mjs");

describe("the Node the README's commands run on", () => {
  it("accepts exactly the engines range of package.json", () => {
    const engines = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).engines.node as string;
    expect(engines).toBe("^22.18.0 || >=24");
    for (const version of ["v22.18.0", "v22.20.1", "v24.0.0", "v24.21.0", "v25.1.0"]) {
      expect(isSupported(version), version).toBe(true);
    }
    for (const version of ["v18.20.4", "v20.20.2", "v22.15.1", "v22.17.1", "v23.11.0"]) {
      expect(isSupported(version), version).toBe(false);
    }
  });

  it("sends both commands through the launcher", () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    expect(scripts.sandbox).toBe("node scripts/supported-node.mjs tsx sandbox/start.ts");
    expect(scripts.test).toBe("node scripts/supported-node.mjs npm run -s test:all");
  });

  it("runs a command on the current Node when it is supported, passing its exit code through", () => {
    const result = spawnSync(process.execPath, [LAUNCHER, process.execPath, "-e", "process.exit(7)"], {
      encoding: "utf8",
    });
    expect(result.status).toBe(7);
    expect(result.stderr).toBe("");
  });

  it("says in one line when no command is given", () => {
    const result = spawnSync(process.execPath, [LAUNCHER], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("supported-node: usage: node scripts/supported-node.mjs <command> [args...]");
  });

  // The machines this project runs on ship Node 20; CI fetched Node 24 into .tools/ before the tests.
  const oldNode = ["/usr/bin/node", "/usr/local/bin/node"].find(
    (candidate) =>
      existsSync(candidate) && !isSupported(execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim()),
  );
  const toolsNode = path.join(ROOT, ".tools/node_modules/.bin/node");

  it.skipIf(!oldNode || !existsSync(toolsNode))(
    "runs a command on Node 24 from .tools/ when started on an old Node",
    () => {
      const result = spawnSync(oldNode!, [LAUNCHER, "node", "--version"], { encoding: "utf8", cwd: ROOT });
      expect(result.status).toBe(0);
      expect(isSupported(result.stdout.trim())).toBe(true);
      expect(result.stderr.trim()).toMatch(/^Running on Node v2\d\.\d+\.\d+ from \.tools\/\.$/);
    },
  );
});
