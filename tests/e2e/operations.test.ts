import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch, BROWSER_USER_AGENT, installShop } from "../../sandbox/stack";
import { eventually, getJson, postJson, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-operaciones.myshopify.com";
const API_KEY = "sandbox-automation-key";

interface Trigger {
  flowId: string;
  payload: Record<string, unknown>;
  receivedAt: string;
  answered: number | string;
}

/** The merchant's operations over real HTTP: pause/resume and retry all failed, with nothing lost or doubled. */
describe("delivery operations, end to end", () => {
  let stack: Stack;

  const triggers = async () =>
    (await getJson<{ triggers: Trigger[] }>(`${stack.automationUrl}/sim/triggers`)).body.triggers;
  const triggersOf = async (names: string[]) =>
    (await triggers()).filter((trigger) => names.includes(String(trigger.payload.orderName)));
  const automationMode = (mode: Record<string, unknown>) => postJson(`${stack.automationUrl}/sim/mode`, mode);
  const placeOrders = async (count: number) => {
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const { body } = await postJson<{ order: { name: string }; deliveries: { status: number }[] }>(
        `${stack.platformUrl}/sim/orders`,
        { shop: SHOP },
      );
      expect(body.deliveries.map((delivery) => delivery.status)).toEqual([200]);
      names.push(body.order.name);
    }
    return names;
  };
  const statuses = async (names: string[]) =>
    (
      await query<{ orderName: string; status: string }>(
        stack,
        `SELECT "orderName", "status" FROM "Delivery" WHERE "shop" = ? AND "orderName" IN (${names.map(() => "?").join(",")})`,
        [SHOP, ...names],
      )
    ).map((row) => row.status);

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    const saved = await adminFetch(stack, SHOP, "/api/integrations/automation/save", {
      method: "POST",
      body: new URLSearchParams({ apiKey: API_KEY, newOrderFlowId: "f_101", abandonedCartFlowId: "f_202" }),
    });
    expect(saved.status).toBe(200);
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 100, status: "success" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("records orders while paused, sends none of them, and delivers every one exactly once on resume", async () => {
    const paused = await adminFetch(stack, SHOP, "/api/automation/pause", {
      method: "POST",
      body: new URLSearchParams({ paused: "true" }),
    });
    expect(await paused.json()).toMatchObject({ success: true, paused: true });

    const names = await placeOrders(5);
    // The worker is woken by every insert and polls every second: give it several chances to misbehave.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await triggersOf(names)).toEqual([]);
    expect(await statuses(names)).toEqual(["queued", "queued", "queued", "queued", "queued"]);
    const state = await (await adminFetch(stack, SHOP, "/api/automation/pause")).json();
    expect(state).toMatchObject({ paused: true, waiting: 5 });

    const resumed = await adminFetch(stack, SHOP, "/api/automation/pause", {
      method: "POST",
      body: new URLSearchParams({ paused: "false" }),
    });
    expect(await resumed.json()).toMatchObject({ paused: false });
    const sent = await eventually(
      async () => {
        const found = await triggersOf(names);
        return found.length >= 5 ? found : undefined;
      },
      15_000,
      "the five triggers after resume",
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await triggersOf(names)).length).toBe(5);
    expect(sent.map((trigger) => trigger.payload.orderName).sort()).toEqual([...names].sort());
    expect(
      await eventually(
        async () => {
          const now = await statuses(names);
          return now.every((status) => status === "delivered") ? now : undefined;
        },
        10_000,
        "all delivered",
      ),
    ).toHaveLength(5);
  });

  it("retries all failed deliveries once each, paced, after the automation platform refused them", async () => {
    await automationMode({
      trigger: { kind: "error", status: 400, count: 6 },
      callback: { delayMs: 100, status: "success" },
    });
    const names = await placeOrders(6);
    await eventually(
      async () => ((await statuses(names)).every((status) => status === "dead") ? true : undefined),
      15_000,
      "six dead deliveries",
    );
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 100, status: "success" } });

    const count = await (await adminFetch(stack, SHOP, "/api/deliveries/retry-failed")).json();
    expect(count).toMatchObject({ success: true, count: 6 });
    const retried = await adminFetch(stack, SHOP, "/api/deliveries/retry-failed", { method: "POST" });
    expect(await retried.json()).toMatchObject({ success: true, queued: 6, remaining: 0 });
    // A second press while they are queued takes nothing.
    const again = await adminFetch(stack, SHOP, "/api/deliveries/retry-failed", { method: "POST" });
    expect(await again.json()).toMatchObject({ queued: 0 });

    const accepted = await eventually(
      async () => {
        const ok = (await triggersOf(names)).filter((trigger) => trigger.answered === 200);
        return ok.length >= 6 ? ok : undefined;
      },
      20_000,
      "six accepted triggers",
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const all = await triggersOf(names);
    // Each order: one refused trigger, one accepted: nothing lost, nothing sent twice.
    expect(all.filter((trigger) => trigger.answered === 200)).toHaveLength(6);
    expect(all).toHaveLength(12);
    expect(new Set(accepted.map((trigger) => trigger.payload.orderName)).size).toBe(6);
    // Paced at 2 per second: six take at least two seconds from first to last.
    const times = accepted.map((trigger) => Date.parse(trigger.receivedAt)).sort((a, b) => a - b);
    expect(times[times.length - 1] - times[0]).toBeGreaterThanOrEqual(1800);
    expect(
      await eventually(
        async () => {
          const now = await statuses(names);
          return now.every((status) => status === "delivered") ? now : undefined;
        },
        10_000,
        "all delivered",
      ),
    ).toHaveLength(6);
  });

  it("answers an admin extension's preflight and story request with CORS headers", async () => {
    const [name] = await placeOrders(1);
    // The story names the flow once the worker has sent the order.
    await eventually(
      async () => ((await statuses([name]))[0] === "delivered" ? true : undefined),
      10_000,
      "the order delivered",
    );
    const [row] = await query<{ orderId: string }>(stack, `SELECT "orderId" FROM "Delivery" WHERE "orderName" = ?`, [
      name,
    ]);
    const url = new URL(`/api/deliveries?orderId=${encodeURIComponent(row.orderId)}`, stack.appUrl);
    const origin = "https://extensions.shopifycdn.com";
    // The extension runs in the merchant's browser (the platform library turns bots away before anything else).
    const browser = { Origin: origin, "User-Agent": BROWSER_USER_AGENT };
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        ...browser,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");

    const story = await fetch(url, {
      headers: { ...browser, Authorization: `Bearer ${stack.sessionToken(SHOP)}` },
    });
    expect(story.status).toBe(200);
    expect(story.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = await story.json();
    expect(body.deliveries[0]).toMatchObject({ orderName: name, flowId: "f_101" });
  });
});
