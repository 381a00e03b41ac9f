import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch, installShop } from "../../sandbox/stack";
import { eventually, getJson, postJson, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-flujo.myshopify.com";
const API_KEY = "sandbox-automation-key";

interface Delivery {
  id: string;
  orderName: string;
  status: string;
  tagsApplied: string[];
  callbackStatus: string | null;
}

/** A flow that reports failure in its callback (docs/decisions/100-flow-failed-status.md). */
describe("a flow that calls back with a failure, end to end", () => {
  let stack: Stack;

  const orderTags = async (name: string) =>
    (await getJson<{ order: { tags: string[] } }>(`${stack.platformUrl}/sim/orders/${name.slice(1)}?shop=${SHOP}`)).body
      .order.tags;
  const deliveryOf = async (name: string) => {
    const response = await adminFetch(stack, SHOP, "/api/deliveries?pageSize=100");
    const { deliveries } = (await response.json()) as { deliveries: Delivery[] };
    return deliveries.find((candidate) => candidate.orderName === name);
  };
  const stats = async () => {
    const response = await adminFetch(stack, SHOP, "/api/deliveries/stats?hours=24");
    return ((await response.json()) as { counts: Record<string, number> }).counts;
  };
  const triggers = async (name: string) =>
    (
      await getJson<{ triggers: { payload: Record<string, unknown> }[] }>(`${stack.automationUrl}/sim/triggers`)
    ).body.triggers.filter((trigger) => trigger.payload.orderName === name);

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    const saved = await adminFetch(stack, SHOP, "/api/integrations/automation/save", {
      method: "POST",
      body: new URLSearchParams({ apiKey: API_KEY, newOrderFlowId: "f_101", abandonedCartFlowId: "f_202" }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("marks the delivery flow_failed, counts it, and a confirmed retry that succeeds adds its tag", async () => {
    await postJson(`${stack.automationUrl}/sim/mode`, {
      trigger: { kind: "ok" },
      callback: { delayMs: 100, status: "error" },
    });
    const { body } = await postJson<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, { shop: SHOP });
    const name = body.order.name;

    const failed = await eventually(
      async () => {
        const delivery = await deliveryOf(name);
        return delivery?.status === "flow_failed" ? delivery : undefined;
      },
      20_000,
      "the flow_failed status",
    );
    expect(failed.callbackStatus).toBe("error");
    expect(await orderTags(name)).toEqual(["automation-error"]);
    const counts = await stats();
    expect(counts.flow_failed).toBe(1);
    expect(counts.delivered).toBe(0);

    // The merchant fixed the flow and sends the order again. Its flow ran (the buyer may have had a message): the
    // retry is confirmed, and waits out the order's cooldown (docs/decisions/191).
    await postJson(`${stack.automationUrl}/sim/mode`, { callback: { delayMs: 100, status: "success" } });
    const retry = (body?: unknown) =>
      adminFetch(stack, SHOP, `/api/deliveries/${encodeURIComponent(failed.id)}/retry`, {
        method: "POST",
        ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
      });
    const early = await retry({ confirmRepeat: true });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(4 * 60);
    // The cooldown passed (the trigger's time moved back, as the stored value is written on either store).
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString().replace("Z", "+00:00");
    await query(stack, `UPDATE "Delivery" SET "deliveredAt" = ? WHERE "id" = ?`, [sixMinutesAgo, failed.id]);
    const unconfirmed = await retry();
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: "repeat_needs_confirmation" });
    const retried = await retry({ confirmRepeat: true });
    expect(retried.status).toBe(200);

    const delivered = await eventually(
      async () => {
        const delivery = await deliveryOf(name);
        return delivery?.status === "delivered" && delivery.callbackStatus === "success" ? delivery : undefined;
      },
      20_000,
      "the delivered status after the retry",
    );
    // Callback tags are only added (docs/decisions/193): the failed run's tag stays beside the new outcome.
    expect(await orderTags(name)).toEqual(["automation-error", "automation-processed"]);
    expect(delivered.tagsApplied).toEqual(["automation-error", "automation-processed"]);
    expect(await triggers(name)).toHaveLength(2);
    const after = await stats();
    expect(after.flow_failed).toBe(0);
    expect(after.delivered).toBe(1);
  });

  it("never retries a delivered order's flow", async () => {
    await postJson(`${stack.automationUrl}/sim/mode`, { callback: { delayMs: 100, status: "success" } });
    const { body } = await postJson<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, { shop: SHOP });
    const delivered = await eventually(
      async () => {
        const delivery = await deliveryOf(body.order.name);
        return delivery?.callbackStatus === "success" ? delivery : undefined;
      },
      20_000,
      "the delivered order",
    );
    const retried = await adminFetch(stack, SHOP, `/api/deliveries/${encodeURIComponent(delivered.id)}/retry`, {
      method: "POST",
    });
    expect(retried.status).toBe(409);
    expect(await retried.json()).toMatchObject({ success: false, code: "already_delivered" });
  });
});
