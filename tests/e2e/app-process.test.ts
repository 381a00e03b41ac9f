import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../sandbox/stack";
import { eventually, getJson, postJson, startLoopStack, type Stack } from "./helpers";

const SHOP = "tienda-proceso.myshopify.com";

/**
 * What the app process carries once it has served the whole order loop (docs/decisions/185): the pieces taken out
 * of it for memory must stay out, or the bench's peak RSS climbs back over the 200 MB target (docs/benchmarks.md) without a test failing.
 */
describe("the app process, after an order went round the loop", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
    const { order } = (await postJson<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, { shop: SHOP }))
      .body;
    await eventually(
      async () => {
        const tagged = (
          await getJson<{ order: { tags: string[] } }>(
            `${stack.platformUrl}/sim/orders/${order.name.slice(1)}?shop=${SHOP}`,
          )
        ).body.order;
        return tagged.tags.includes("automation-processed") ? tagged : undefined;
      },
      20_000,
      "the order's tag from the callback",
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("maps no libsql library: SQLite runs on node:sqlite in its thread, Prisma's libsql adapter stays unloaded", () => {
    const pids = [...stack.webPids];
    expect(pids).toHaveLength(1);
    const maps = readFileSync(`/proc/${pids[0]}/maps`, "utf8");
    // The check is real: the process's own binary is in the same listing.
    expect(maps).toContain(path.basename(process.execPath));
    expect(maps).not.toMatch(/libsql/);
  });

  it("serves a server bundle that imports no chart library (the insights chart is a browser chunk)", () => {
    const bundle = readFileSync(path.join(ROOT, "build/server/index.js"), "utf8");
    expect(bundle).toMatch(/from "@shopify\/polaris"/);
    expect(bundle).not.toMatch(/from "@shopify\/polaris-viz"/);
  });
});
