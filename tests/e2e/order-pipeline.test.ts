import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminFetch, installShop } from "../../sandbox/stack";
import { eventually, getJson, postJson, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-pedidos.myshopify.com";
const API_KEY = "sandbox-automation-key";

interface Trigger {
  flowId: string;
  apiKey: string;
  payload: Record<string, unknown>;
}
interface SimOrder {
  id: string;
  name: string;
  tags: string[];
}

/** The order loop of the spec: orders/create -> flow trigger -> callback -> tags on the order. */
describe("orders reach the automation flow and come back as tags, end to end", () => {
  let stack: Stack;

  const triggersFor = async (name: string) =>
    (await getJson<{ triggers: Trigger[] }>(`${stack.automationUrl}/sim/triggers`)).body.triggers.filter(
      (trigger) => trigger.payload.orderName === name || trigger.payload.draftOrderName === name,
    );
  const orderOnPlatform = async (name: string) =>
    (await getJson<{ order: SimOrder }>(`${stack.platformUrl}/sim/orders/${name.slice(1)}?shop=${SHOP}`)).body.order;
  const newOrder = async (body: Record<string, unknown> = {}) =>
    (
      await postJson<{ order: SimOrder & Record<string, unknown>; deliveries: { status: number; body: string }[] }>(
        `${stack.platformUrl}/sim/orders`,
        { shop: SHOP, ...body },
      )
    ).body;
  const automationMode = (mode: Record<string, unknown>) => postJson(`${stack.automationUrl}/sim/mode`, mode);

  beforeAll(async () => {
    // Abandoned checkouts wait an hour by default (docs/decisions/011); here they are due at once.
    stack = await startE2eStack({ extraEnv: { CHECKOUT_ABANDON_DELAY_MINUTES: "0" } });
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
  beforeEach(async () => {
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 200, status: "success" } });
  });

  it("triggers the new-order flow with the spec's payload, and tags the order from the callback", async () => {
    const { order, deliveries } = await newOrder();
    expect(deliveries.map((delivery) => [delivery.status, delivery.body])).toEqual([[200, "OK"]]);

    const [trigger] = await eventually(
      async () => {
        const found = await triggersFor(order.name);
        return found.length ? found : undefined;
      },
      15_000,
      "the flow trigger",
    );
    expect(trigger.flowId).toBe("f_101");
    expect(trigger.apiKey).toBe(API_KEY);
    expect(trigger.payload).toMatchObject({
      orderId: order.id,
      orderName: order.name,
      currency: "COP",
      shop: SHOP,
      eventType: "order_created",
      callbackUrl: `${stack.appUrl}/api/automation/callback`,
      callbackApiKey: API_KEY,
    });
    const payload = trigger.payload as {
      totalPrice: string;
      lineItems: Record<string, unknown>[];
      customer: Record<string, unknown>;
      shippingAddress: Record<string, unknown>;
    };
    expect(payload.totalPrice).toMatch(/^\d+\.\d{2}$/);
    expect(Object.keys(payload.lineItems[0])).toEqual(
      expect.arrayContaining(["id", "name", "quantity", "price", "sku", "variantId", "productId"]),
    );
    expect(Object.keys(payload.customer)).toEqual(
      expect.arrayContaining(["id", "email", "firstName", "lastName", "phone"]),
    );
    expect(Object.keys(payload.shippingAddress)).toEqual(
      expect.arrayContaining(["firstName", "lastName", "address1", "city", "province", "country", "zip", "phone"]),
    );

    const tagged = await eventually(
      async () => {
        const current = await orderOnPlatform(order.name);
        return current.tags.length ? current : undefined;
      },
      15_000,
      "the callback's tag",
    );
    expect(tagged.tags).toEqual(["automation-processed"]);
  });

  it("sends a draft order to the abandoned-cart flow", async () => {
    const { body } = await postJson<{ draftOrder: { name: string } }>(`${stack.platformUrl}/sim/draft_orders`, {
      shop: SHOP,
    });
    const [trigger] = await eventually(
      async () => {
        const found = await triggersFor(body.draftOrder.name);
        return found.length ? found : undefined;
      },
      15_000,
      "the abandoned-cart trigger",
    );
    expect(trigger.flowId).toBe("f_202");
    expect(trigger.payload).toMatchObject({
      draftOrderName: body.draftOrder.name,
      eventType: "draft_order_created",
      shop: SHOP,
    });
  });

  it("triggers once when the platform delivers the same event twice", async () => {
    const { order, deliveries } = await newOrder({ duplicates: 1 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    await eventually(async () => (await triggersFor(order.name)).length > 0, 15_000, "the trigger");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await triggersFor(order.name)).toHaveLength(1);
  });

  it("delivers after a retry when the automation platform is down and comes back", async () => {
    // docs/decisions/010: after a failed first attempt the next one waits about 5 s (the next ones minutes).
    await automationMode({ trigger: { kind: "error", status: 503, count: 1 } });
    const { order } = await newOrder();
    const tagged = await eventually(
      async () => {
        const current = await orderOnPlatform(order.name);
        return current.tags.includes("automation-processed") ? current : undefined;
      },
      30_000,
      "delivery after the outage",
    );
    expect(tagged.tags).toEqual(["automation-processed"]);
    const { body } = await getJson<{ triggers: (Trigger & { answered: number; receivedAt: string })[] }>(
      `${stack.automationUrl}/sim/triggers`,
    );
    const attempts = body.triggers.filter((trigger) => trigger.payload.orderName === order.name);
    expect(attempts.map((attempt) => attempt.answered)).toEqual([503, 200]);
    const gap = Date.parse(attempts[1].receivedAt) - Date.parse(attempts[0].receivedAt);
    expect(gap).toBeGreaterThanOrEqual(3_500);
  });

  it("tags the order automation-error when the automation platform refuses it for good", async () => {
    await automationMode({ trigger: { kind: "error", status: 422 } });
    const { order } = await newOrder();
    const tagged = await eventually(
      async () => {
        const current = await orderOnPlatform(order.name);
        return current.tags.length ? current : undefined;
      },
      20_000,
      "the error tag",
    );
    expect(tagged.tags).toEqual(["automation-error"]);
    expect(await triggersFor(order.name)).toHaveLength(1);
  });

  it("sends an abandoned checkout to the abandoned-cart flow once it is due", async () => {
    const { body } = await postJson<{ payload: { token: string; email: string } }>(
      `${stack.platformUrl}/sim/webhooks`,
      {
        shop: SHOP,
        topic: "checkouts/create",
      },
    );
    const trigger = await eventually(
      async () => {
        const { body: recorded } = await getJson<{ triggers: Trigger[] }>(
          `${stack.automationUrl}/sim/triggers?flowId=f_202`,
        );
        return recorded.triggers.find((candidate) => candidate.payload.checkoutToken === body.payload.token);
      },
      15_000,
      "the checkout trigger",
    );
    expect(trigger.payload).toMatchObject({ eventType: "checkout_abandoned", email: body.payload.email, shop: SHOP });
  });

  it("shows each order's delivery with its callback in the deliveries API", async () => {
    const { order } = await newOrder();
    const delivery = await eventually(
      async () => {
        const response = await adminFetch(stack, SHOP, "/api/deliveries?pageSize=100");
        const { deliveries } = (await response.json()) as {
          deliveries: { orderName: string; status: string; tagsApplied: string[] }[];
        };
        const found = deliveries.find((candidate) => candidate.orderName === order.name);
        return found?.tagsApplied.length ? found : undefined;
      },
      15_000,
      "the delivered delivery with its tags",
    );
    expect(delivery).toMatchObject({ status: "delivered", tagsApplied: ["automation-processed"] });
  });

  it("still applies the callback's tags while the platform throttles", async () => {
    await automationMode({ callback: { delayMs: 300, status: "completed" } });
    const { order } = await newOrder();
    await eventually(async () => (await triggersFor(order.name)).length > 0, 15_000, "the trigger");
    await postJson(`${stack.platformUrl}/sim/throttle`, { requests: 2 });
    const tagged = await eventually(
      async () => {
        const current = await orderOnPlatform(order.name);
        return current.tags.length ? current : undefined;
      },
      30_000,
      "the tag after throttling",
    );
    expect(tagged.tags).toEqual(["automation-completed"]);
    const log = (await getJson<{ requests: { throttled: boolean }[] }>(`${stack.platformUrl}/sim/graphql`)).body
      .requests;
    expect(log.filter((entry) => entry.throttled).length).toBeGreaterThanOrEqual(2);
  });
});
