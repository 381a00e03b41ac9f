import { expect } from "vitest";
import prisma from "~/db.server";
import { action as callbackAction } from "~/routes/api.automation.callback";
import { action as routingComplete } from "~/routes/webhooks.fulfillment_orders.order_routing_complete";
import { saveAnswerRules } from "~/services/answers/rules.server";
import { DEFAULT_HOLD_POLICY, saveHoldPolicy, type HoldPolicy } from "~/services/holds/settings.server";
import { fulfilmentTaskHandler } from "~/services/holds/tasks.server";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";
import { TEST_ENV } from "../../helpers/test-env";
import { fakeFulfilment } from "../../mocks/fulfilment";
import { ordersByName, tagsAdded } from "../../mocks/platform";
import { runDueJobs } from "../jobs/run-due";

/** A shop holding its cash-on-delivery orders, one delivered order, and the steps the holds' tests take with it. */
export const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };
export const FO = "gid://shopify/FulfillmentOrder/55500011";
const noSleep = { sleep: async () => {} };

export async function heldShop(policy: Partial<HoldPolicy> = {}) {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  await saveAnswerRules(shop, [
    { answer: "confirmed", tag: "confirmado" },
    { answer: "refused", tag: "cancelado" },
    { answer: "no_answer", tag: "sin-respuesta" },
  ]);
  await saveHoldPolicy(shop, { ...DEFAULT_HOLD_POLICY, enabled: true, ...policy });
  await createDelivery(shop, {
    status: "delivered",
    orderId: ORDER.id,
    orderName: ORDER.name,
    resourceId: `${shop}-5550001`,
    deliveredAt: new Date(),
  });
  return { shop, apiKey: `key-${shop}` };
}

/** The platform with the order, its fulfilment order, and the callback's lookups and tags. */
export function platform(shop: string, options: Parameters<typeof fakeFulfilment>[1] = {}) {
  return fakeFulfilment(shop, {
    ...options,
    overrides: { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded(), ...options.overrides },
  });
}

export async function routed(shop: string, id: string | number = FO) {
  const response = await routingComplete({
    request: webhookRequest(
      "/webhooks/fulfillment_orders/order_routing_complete",
      { fulfillment_order: { id, status: "open" } },
      { shop, topic: "fulfillment_orders/order_routing_complete" },
    ),
  });
  expect(response.status).toBe(200);
}

export async function answer(apiKey: string, tag: string) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ apiKey, orderName: ORDER.name, tag }),
  });
  const response = await callbackAction({ request, params: {}, context: {} });
  expect(response.status).toBe(200);
}

export const run = (now = new Date()) =>
  runDueJobs("fulfilment-task", now, { handler: fulfilmentTaskHandler(noSleep) });
export const tasks = (shop: string) =>
  prisma.fulfilmentTask.findMany({ where: { shop }, orderBy: { createdAt: "asc" } });
