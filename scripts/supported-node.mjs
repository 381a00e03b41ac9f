#!/usr/bin/env node
/* global process, console */
/**
 * Runs a command on a Node.js this app supports (22.18+ or 24+). The README's two commands go through it, so they
 * work as written on a machine whose Node is older (20 is still the default of many images): the first time,
 * Node 24 is fetched from the npm registry into `.tools/` (the registry serves Node itself as the `node` package,
 * as `.ci/run` does), and the command then runs with it first on PATH. Plain JavaScript on purpose: it must start
 * on the old Node, before anything of the project can.
 *
 * Usage: node scripts/supported-node.mjs <command> [args...]
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TOOLS_BIN = path.join(ROOT, ".tools/node_modules/.bin");
const REQUIRED = "22.18+ or 24+";

/** The engines range of package.json, `^22.18.0 || >=24`, as a test of one version string. */
export function isSupported(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major >= 24 || (major === 22 && minor >= 18);
}

function versionOf(nodeBinary) {
  const result = spawnSync(nodeBinary, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

function fail(message) {
  console.error(`supported-node: ${message}`);
  process.exit(1);
}

function provision() {
  const toolsNode = path.join(TOOLS_BIN, "node");
  const found = existsSync(toolsNode) ? versionOf(toolsNode) : null;
  if (found && isSupported(found)) return found;
  console.error(
    `Node ${process.version} cannot run this app (it needs ${REQUIRED}); fetching Node 24 from the npm registry into .tools/ (once)...`,
  );
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // Under `npm run`, npm hands the project's settings down as npm_config_* variables, ignore-scripts among them;
  // the node package needs its install script (it links the binary), so this install starts from none of them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  const install = spawnSync(
    npm,
    [
      "install",
      "--prefix",
      ".tools",
      "--no-save",
      "--no-package-lock",
      "--ignore-scripts=false",
      "--loglevel=error",
      "node@24",
    ],
    { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const fetched = existsSync(toolsNode) ? versionOf(toolsNode) : null;
  if (install.status !== 0 || !fetched || !isSupported(fetched)) {
    fail(
      `could not fetch Node 24 into .tools/ (npm exited ${install.status}); install Node ${REQUIRED} and run the command again`,
    );
  }
  return fetched;
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) fail("usage: node scripts/supported-node.mjs <command> [args...]");
  const env = { ...process.env };
  if (!isSupported(process.version)) {
    const version = provision();
    env.PATH = `${TOOLS_BIN}${path.delimiter}${env.PATH ?? ""}`;
    console.error(`Running on Node ${version} from .tools/.`);
  }
  const child = spawn(command, args, { cwd: process.cwd(), env, stdio: "inherit" });
  // Ctrl-C reaches the child from the terminal itself; this process waits for it to finish stopping.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("error", (error) => fail(`could not run ${command}: ${error.message}`));
  child.on("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    process.exit(code ?? 1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
