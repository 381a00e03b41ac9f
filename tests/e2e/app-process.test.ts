import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../sandbox/stack";
import { eventually, getJson, postJson, startLoopStack, type Stack } from "./helpers";

const SHOP = "tienda-proceso.myshopify.com";

/**
 * What the app's processes carry once they have served the whole order loop (docs/decisions/185): the pieces taken
 * out of them for memory must stay out, or the bench's peak RSS climbs back over the 200 MB target
 * (docs/benchmarks.md) without a test failing. The worker runs as a process of its own here, as in a fleet, so the
 * order reaching its flow is the worker's work.
 */
describe("the app's processes, after an order went round the loop", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startLoopStack(SHOP, { separateWorker: true });
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

  it("runs the worker process from the build, not through a TypeScript loader", () => {
    const [worker] = stack.workers;
    expect(worker?.pid).toBeTypeOf("number");
    const commandLine = readFileSync(`/proc/${worker!.pid}/cmdline`, "utf8").split("\0");
    expect(commandLine).toContain(path.join(ROOT, "build/worker/worker.js"));
    expect(commandLine.join(" ")).not.toMatch(/tsx/);
    const maps = readFileSync(`/proc/${worker!.pid}/maps`, "utf8");
    expect(maps).toContain(path.basename(process.execPath));
    expect(maps).not.toMatch(/libsql/);
  });

  it("builds a worker bundle without the pages: no React, no Polaris, no Remix route modules", () => {
    const bundle = readFileSync(path.join(ROOT, "build/worker/worker.js"), "utf8");
    expect(bundle).toMatch(/from "@prisma\/client"/);
    expect(bundle).not.toMatch(/from "react"|from "react-dom|from "@shopify\/polaris"|app\/routes\//);
  });

  it("starts the worker without the platform library, node-postgres or the phone metadata: each loads at first use", () => {
    const bundle = readFileSync(path.join(ROOT, "build/worker/worker.js"), "utf8");
    expect(bundle).toMatch(/import\("\.\/assets\/platform-library\.server-[\w-]+\.js"\)/);
    expect(bundle).not.toMatch(/from "@shopify\/shopify-api"|from "@shopify\/shopify-app-remix/);
    expect(bundle).not.toMatch(/from "pg"|from "@prisma\/adapter-pg"|from "libphonenumber-js/);
  });

  it("serves a server bundle that imports no chart library (the insights chart is a browser chunk)", () => {
    const bundle = staticallyImported(path.join(ROOT, "build/server/index.js"));
    expect(bundle).toMatch(/from "@shopify\/polaris"/);
    expect(bundle).not.toMatch(/from "@shopify\/polaris-viz"/);
  });
});

/** A chunk's text and that of every chunk it imports statically (the bundler moves shared code into chunks). */
function staticallyImported(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return "";
  seen.add(file);
  const text = readFileSync(file, "utf8");
  const imported = [...text.matchAll(/^(?:import|export)\b[^;]*?["'](\.\.?\/[^"']+\.js)["']/gm)].map((match) =>
    path.resolve(path.dirname(file), match[1]),
  );
  return [text, ...imported.map((chunk) => staticallyImported(chunk, seen))].join("\n");
}
