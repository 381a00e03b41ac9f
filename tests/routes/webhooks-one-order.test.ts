import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as compliance } from "~/routes/webhooks.compliance";
import { action as draftOrdersCreate } from "~/routes/webhooks.draft_orders.create";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { createAutomatedShop } from "../helpers/factories";
import { webhookRequest } from "../helpers/requests";
import draftRest from "../fixtures/webhooks/draft-order-rest.json";
import orderGraphql from "../fixtures/webhooks/order-graphql.json";
import orderRest from "../fixtures/webhooks/order-rest.json";
import { triggerHandler, type TriggerCall } from "../mocks/automation";
import { server } from "../mocks/server";

const deliverOrder = (shop: string, body: unknown, eventId?: string) =>
  ordersCreate({
    request: webhookRequest("/webhooks/orders/create", body, { shop, topic: "orders/create", eventId }),
  });

/** Runs the worker until nothing is due and answers every trigger it sent. */
async function triggersSent() {
  const calls: TriggerCall[] = [];
  server.use(triggerHandler(calls));
  while ((await runDeliveryPass({ workerId: "test", now: () => new Date(Date.now() + 86_400_000) })) > 0);
  return calls;
}

describe("one order, one flow run", () => {
  it("triggers once for the REST and the GraphQL form of one order under different event ids", async () => {
    const shop = await createAutomatedShop();
    expect((await deliverOrder(shop, orderRest, "evt-rest")).status).toBe(200);
    expect((await deliverOrder(shop, orderGraphql, "evt-graphql")).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
    expect((await triggersSent()).map((call) => call.body.orderId)).toEqual(["gid://shopify/Order/5550001"]);
  });

  it("triggers once for one order delivered under three event ids", async () => {
    const shop = await createAutomatedShop();
    for (const eventId of ["evt-1", "evt-2", "evt-3"])
      expect((await deliverOrder(shop, orderRest, eventId)).status).toBe(200);
    expect(await triggersSent()).toHaveLength(1);
  });

  it("does not let a signed body re-posted under another shop's header reach that shop's flow", async () => {
    const [first, other] = [await createAutomatedShop(), await createAutomatedShop()];
    await deliverOrder(first, orderRest, "evt-original");
    expect((await deliverOrder(other, orderRest, "evt-replayed")).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop: other } })).toBe(0);
    const calls = await triggersSent();
    expect(calls.map((call) => call.body.shop)).toEqual([first]);
  });

  it("refuses a body whose own links name another shop, even when it arrives first", async () => {
    const [owner, other] = [await createAutomatedShop(), await createAutomatedShop()];
    const body = { ...orderRest, order_status_url: `https://${owner}/548380009/orders/abc/authenticate?key=k` };
    expect((await deliverOrder(other, body)).status).toBe(200);
    expect(await prisma.delivery.count()).toBe(0);
    expect((await deliverOrder(owner, body)).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop: owner } })).toBe(1);
  });

  it("takes a body whose links use the shop's own custom domain", async () => {
    const shop = await createAutomatedShop();
    const body = { ...orderRest, order_status_url: "https://tienda.example.test/548380009/orders/abc/authenticate" };
    await deliverOrder(shop, body);
    expect(await prisma.delivery.count({ where: { shop, status: "queued" } })).toBe(1);
  });

  it("keeps an order and a draft order with the same number apart", async () => {
    const shop = await createAutomatedShop();
    await deliverOrder(shop, { ...orderRest, id: 990001 });
    await draftOrdersCreate({
      request: webhookRequest("/webhooks/draft_orders/create", draftRest, { shop, topic: "draft_orders/create" }),
    });
    expect(await prisma.delivery.count({ where: { shop } })).toBe(2);
  });
});

describe("bodies that name no order", () => {
  it.each([
    ["an empty string", ""],
    ["an empty object", {}],
    ["an empty array", []],
    ["an order with an empty id", { ...orderRest, id: "", admin_graphql_api_id: "" }],
  ])("records %s as skipped without its body and never sends it", async (_name, body) => {
    const shop = await createAutomatedShop();
    expect((await deliverOrder(shop, typeof body === "string" ? JSON.stringify(body) : body)).status).toBe(200);
    const row = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(row).toMatchObject({ status: "skipped", payload: null, resourceId: null });
    expect(row.lastError).toContain("no order id");
    expect(await triggersSent()).toEqual([]);
  });
});

describe("orders after the shop has gone", () => {
  it("keeps nothing of an order received after app/uninstalled", async () => {
    const shop = await createAutomatedShop();
    await uninstalled({
      request: webhookRequest("/webhooks/app/uninstalled", { id: 1 }, { shop, topic: "app/uninstalled" }),
    });
    expect((await deliverOrder(shop, orderRest)).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
    expect(await triggersSent()).toEqual([]);
  });

  it("keeps nothing of an order received after shop/redact", async () => {
    const shop = await createAutomatedShop();
    await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        { shop_id: 1, shop_domain: shop },
        { shop, topic: "shop/redact" },
      ),
    });
    expect((await deliverOrder(shop, orderRest)).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
  });
});
