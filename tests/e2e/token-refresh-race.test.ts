import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installShop } from "../../sandbox/stack";
import { getJson, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-carrera.myshopify.com";
/** Tokens this short are always inside the library's refresh window: every call refreshes. */
const TOKEN_LIFETIME_S = 2;
const PROCESSES = 4;
const CALLS_EACH = 3;

interface TokenEvent {
  shop: string;
  grant: string;
  outcome: string;
}

/** Runs tests/e2e/fixtures/offline-calls.ts as its own Node process with the app's environment. */
function callsInAnotherProcess(stack: Stack, startAt: number) {
  return new Promise<{ pid: number; outcomes: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/e2e/fixtures/offline-calls.ts")], {
      env: {
        ...stack.env,
        NODE_OPTIONS: "",
        LOG_LEVEL: "warn",
        RACE_SHOP: SHOP,
        RACE_CALLS: String(CALLS_EACH),
        RACE_START_AT: String(startAt),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{")) {
        reject(new Error(`process exited ${code}: ${stdout}\n${stderr}`));
        return;
      }
      resolve(JSON.parse(line));
    });
  });
}

/**
 * The refresh race: several processes (web instances, workers) refresh the same shop's expiring offline token at
 * the same moment. The platform rotates the pair on every refresh and keeps only the previous refresh token usable
 * until its replacement is used; a process that stored an older pair over a newer one would leave the shop with a
 * dead refresh token. The per-shop lease row (docs/decisions/061) makes the refreshes one after another.
 */
describe("processes refreshing one shop's offline token at the same moment", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startE2eStack({ platform: { offlineTokenLifetimeS: TOKEN_LIFETIME_S } });
    await installShop(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("refresh one after another, each with the refresh token the one before stored, and leave it usable", async () => {
    const tokenEvents = async () =>
      (await getJson<{ events: TokenEvent[] }>(`${stack.platformUrl}/sim/tokens`)).body.events.filter(
        (event) => event.shop === SHOP && event.grant === "refresh",
      );
    // Far enough ahead that every process has loaded its modules and waits at the line.
    const startAt = Date.now() + 6_000;
    const results = await Promise.all(Array.from({ length: PROCESSES }, () => callsInAnotherProcess(stack, startAt)));

    expect(new Set(results.map((result) => result.pid)).size).toBe(PROCESSES);
    for (const result of results) expect(result.outcomes).toEqual(Array(CALLS_EACH).fill("ok"));
    const refreshes = await tokenEvents();
    // Every call found the token inside the refresh window; processes that waited for the lease found the
    // pair another had just stored, and refreshed it in turn.
    expect(refreshes.length).toBeGreaterThanOrEqual(PROCESSES);
    expect(refreshes.map((event) => event.outcome)).toEqual(
      Array(refreshes.length).fill("pair rotated (current refresh token used)"),
    );

    // What is stored afterwards still refreshes, from yet another process.
    const after = await callsInAnotherProcess(stack, Date.now());
    expect(after.outcomes).toEqual(Array(CALLS_EACH).fill("ok"));
    expect((await tokenEvents()).filter((event) => event.outcome.startsWith("refused"))).toEqual([]);
    expect(await query(stack, `SELECT * FROM "PlatformTokenLease" WHERE "shop" = ?`, [SHOP])).toEqual([]);
  });
});
