import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as callback } from "~/routes/api.automation.callback";
import { action as draftOrdersCreate } from "~/routes/webhooks.draft_orders.create";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { createAutomatedShop } from "../helpers/factories";
import { webhookRequest } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import draftGraphql from "../fixtures/webhooks/draft-order-graphql.json";
import orderRest from "../fixtures/webhooks/order-rest.json";
import { triggerHandler, type TriggerCall } from "../mocks/automation";
import { mockPlatform, ordersByName, tagsAdded } from "../mocks/platform";
import { server } from "../mocks/server";

describe("the order pipeline end to end", () => {
  it("triggers the flow once for an event the platform delivered twice", async () => {
    const shop = await createAutomatedShop();
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    for (const webhookId of ["w-1", "w-2"]) {
      const request = webhookRequest("/webhooks/orders/create", orderRest, {
        shop,
        topic: "orders/create",
        eventId: "evt-twice",
        webhookId,
      });
      expect((await ordersCreate({ request })).status).toBe(200);
    }
    await runDeliveryPass({ workerId: "e2e" });
    await runDeliveryPass({ workerId: "e2e" });
    expect(calls).toHaveLength(1);
  });

  it("takes an order from webhook to flow, and the callback's tags back to the order and its delivery", async () => {
    const shop = await createAutomatedShop();
    const triggers: TriggerCall[] = [];
    server.use(triggerHandler(triggers));
    const graphql = mockPlatform(shop, {
      OrderByName: ordersByName([{ id: orderRest.admin_graphql_api_id, name: orderRest.name }]),
      OrderTagsAdd: tagsAdded(),
    });

    await ordersCreate({
      request: webhookRequest("/webhooks/orders/create", orderRest, { shop, topic: "orders/create" }),
    });
    await runDeliveryPass({ workerId: "e2e" });
    expect(triggers).toHaveLength(1);
    const { callbackUrl, callbackApiKey, orderName } = triggers[0].body as Record<string, string>;

    // The automation platform calls back with what the payload gave it.
    const response = await callback({
      request: new Request(callbackUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ apiKey: callbackApiKey, orderName, status: "success" }),
      }),
      params: {},
      context: {},
    });

    expect(callbackUrl).toBe(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`);
    expect(await response.json()).toMatchObject({ success: true, tags: ["automation-processed"] });
    expect(graphql.at(-1)).toMatchObject({
      operationName: "OrderTagsAdd",
      variables: { id: orderRest.admin_graphql_api_id, tags: ["automation-processed"] },
    });
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(delivery).toMatchObject({ status: "delivered", callbackStatus: "success" });
    expect(JSON.parse(delivery.tagsApplied)).toEqual(["automation-processed"]);
  });

  it("sends a draft order in the spec's GraphQL form to the abandoned-cart flow", async () => {
    const shop = await createAutomatedShop();
    const triggers: TriggerCall[] = [];
    server.use(triggerHandler(triggers));
    await draftOrdersCreate({
      request: webhookRequest("/webhooks/draft_orders/create", draftGraphql, { shop, topic: "draft_orders/create" }),
    });
    await runDeliveryPass({ workerId: "e2e" });
    expect(triggers).toHaveLength(1);
    expect(triggers[0]).toMatchObject({
      flowId: "f_202",
      body: {
        draftOrderId: "gid://shopify/DraftOrder/990001",
        draftOrderName: "#D12",
        eventType: "draft_order_created",
      },
    });
  });
});
