import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CALLBACK_PATH } from "~/services/automation/callback-exchange.server";
import { FAST_PATH_NAMES, ORDER_WEBHOOK_TOPICS } from "~/fast-paths/fast-paths.server";

/**
 * The production server answers some paths before Remix (app/fast-paths/fast-paths.server.ts); the development
 * server and whatever a fast path passes on reach the route modules behind the same paths. Both must answer the same
 * path with the same topic: the table is the one place that says it, and the route modules take their receiver from
 * it.
 */

const ROUTES_DIR = path.resolve("app/routes");

/** The URL path of a flat route module (`webhooks.orders.create.ts` is /webhooks/orders/create). */
function routePath(file: string) {
  return "/" + file.replace(/\.tsx?$/, "").replaceAll(".", "/");
}

function routeFile(urlPath: string) {
  const base = path.join(ROUTES_DIR, urlPath.slice(1).replaceAll("/", "."));
  return [`${base}.ts`, `${base}.tsx`].find((file) => existsSync(file));
}

const webhookRoutes = readdirSync(ROUTES_DIR)
  .filter((file) => file.startsWith("webhooks."))
  .map((file) => ({ path: routePath(file), source: readFileSync(path.join(ROUTES_DIR, file), "utf8") }));

describe("the fast paths' route table", () => {
  it("has a route module behind every path it takes", () => {
    expect([...FAST_PATH_NAMES].sort()).toEqual([...Object.keys(ORDER_WEBHOOK_TOPICS), CALLBACK_PATH].sort());
    for (const urlPath of FAST_PATH_NAMES) expect(routeFile(urlPath), urlPath).toBeDefined();
  });

  it("gives each order webhook route module its receiver by the module's own path", () => {
    for (const urlPath of Object.keys(ORDER_WEBHOOK_TOPICS)) {
      const source = readFileSync(routeFile(urlPath)!, "utf8");
      expect(source, urlPath).toContain(`orderWebhookReceiver(${JSON.stringify(urlPath)})`);
    }
  });

  it("leaves no webhook route module storing deliveries outside the table", () => {
    expect(webhookRoutes.length).toBeGreaterThan(Object.keys(ORDER_WEBHOOK_TOPICS).length);
    for (const route of webhookRoutes) {
      // A receiver of its own would store a topic the fast path does not know, or another one for the same path.
      expect(route.source, route.path).not.toMatch(/\bdeliveryReceiver\(/);
      const named = [...route.source.matchAll(/orderWebhookReceiver\("([^"]+)"\)/g)].map((match) => match[1]);
      expect(
        named.every((urlPath) => urlPath === route.path),
        route.path,
      ).toBe(true);
      if (named.length) expect(Object.keys(ORDER_WEBHOOK_TOPICS), route.path).toContain(route.path);
    }
  });
});
