import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as callbackAction } from "~/routes/api.automation.callback";
import { action as savePolicy } from "~/routes/app.order-tag-policy";
import { replacesOutcomeTags } from "~/services/automation/tag-policy.server";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../../helpers/factories";
import { adminRequest, formBody } from "../../helpers/requests";
import { TEST_ENV } from "../../helpers/test-env";
import orderRest from "../../fixtures/webhooks/order-rest.json";
import { mockPlatform, ordersByName } from "../../mocks/platform";

const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };
const OUTCOMES = ["success", "completed", "pending", "error"];

async function shopWithDeliveredOrder() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  const delivery = await createDelivery(shop, { order: orderRest, status: "delivered" });
  return { shop, apiKey: `key-${shop}`, delivery };
}

/** The platform's order as a tag set: tagsAdd adds, tagsRemove removes. */
function platformOrder(shop: string) {
  const tags = new Set<string>();
  const calls = mockPlatform(shop, {
    OrderByName: ordersByName([ORDER]),
    OrderTagsAdd: (variables) => {
      for (const tag of variables.tags as string[]) tags.add(tag);
      return { tagsAdd: { node: { id: variables.id }, userErrors: [] } };
    },
    OrderTagsRemove: (variables) => {
      for (const tag of variables.tags as string[]) tags.delete(tag);
      return { tagsRemove: { node: { id: variables.id }, userErrors: [] } };
    },
  });
  return { tags, calls };
}

async function callback(apiKey: string, status: string) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ apiKey, orderName: "#1001", status }),
  });
  const response = await callbackAction({ request, params: {}, context: {} });
  expect(response.status).toBe(200);
}

describe("the callback's outcome tags", () => {
  it("are only added by default: four callbacks on one order leave all four tags", async () => {
    const { shop, apiKey, delivery } = await shopWithDeliveredOrder();
    const order = platformOrder(shop);
    for (const status of OUTCOMES) await callback(apiKey, status);

    const all = ["automation-processed", "automation-completed", "automation-pending", "automation-error"];
    expect([...order.tags]).toEqual(all);
    expect(order.calls.some((call) => call.operationName === "OrderTagsRemove")).toBe(false);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(JSON.parse(row.tagsApplied)).toEqual(all);
    expect(row.callbackStatus).toBe("error");
  });

  it("replace the app's own stale outcome tag when the merchant turned that on, never the merchant's tags", async () => {
    const { shop, apiKey, delivery } = await shopWithDeliveredOrder();
    const saved = await savePolicy({
      request: await adminRequest("/app/order-tag-policy", shop, formBody({ replaceOutcomeTag: "true" })),
      params: {},
      context: {},
    });
    expect(await saved.json()).toMatchObject({ success: true, policy: { replaceOutcomeTag: true } });
    const order = platformOrder(shop);
    order.tags.add("vip");
    for (const status of OUTCOMES) await callback(apiKey, status);

    expect([...order.tags].sort()).toEqual(["automation-error", "vip"]);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(JSON.parse(row.tagsApplied)).toEqual(["automation-error"]);
  });

  it("is a setting of the session's shop alone, off until saved, and refuses a value that is not a boolean", async () => {
    const shop = shopDomain();
    const other = shopDomain();
    await createSession(shop);
    const post = async (value: string) =>
      savePolicy({
        request: await adminRequest("/app/order-tag-policy", shop, formBody({ replaceOutcomeTag: value })),
        params: {},
        context: {},
      });
    expect(await replacesOutcomeTags(shop)).toBe(false);
    expect((await post("true")).status).toBe(200);
    expect(await replacesOutcomeTags(shop)).toBe(true);
    expect(await replacesOutcomeTags(other)).toBe(false);
    const bad = await post("yes");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: "invalid_input", field: "replaceOutcomeTag" });
    expect((await post("false")).status).toBe(200);
    expect(await replacesOutcomeTags(shop)).toBe(false);
  });
});
