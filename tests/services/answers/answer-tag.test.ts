import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as callbackAction } from "~/routes/api.automation.callback";
import { action as savePolicy } from "~/routes/app.order-tag-policy";
import { recordNoAnswer } from "~/services/answers/record.server";
import { saveAnswerRules } from "~/services/answers/rules.server";
import { owedTagHandler } from "~/services/deliveries/owed-tags.server";
import { ERROR_TAG_RETRY_DELAYS_MS } from "~/services/deliveries/retry-policy.server";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../../helpers/factories";
import { adminRequest, formBody } from "../../helpers/requests";
import { TEST_ENV } from "../../helpers/test-env";
import { mockPlatform, ordersByName, tagsAdded } from "../../mocks/platform";
import { runDueJobs } from "../jobs/run-due";

/** The owed tags' jobs due at `now`, tried as the app's runner tries them (a platform client that does not sleep). */
const runOwedTags = (now = new Date()) =>
  runDueJobs("order-tag", now, { handler: owedTagHandler({ sleep: async () => {} }) });

const ORDER = { id: "gid://shopify/Order/7770001", name: "#1001" };

async function answeringShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  await saveAnswerRules(shop, [
    { answer: "confirmed", tag: "confirmado" },
    { answer: "refused", tag: "cancelado" },
  ]);
  const delivery = await createDelivery(shop, {
    status: "delivered",
    orderId: ORDER.id,
    orderName: ORDER.name,
    resourceId: `${shop}-7770001`,
    flowId: "f_101",
    deliveredAt: new Date(),
  });
  return { shop, apiKey: `key-${shop}`, delivery };
}

async function callback(apiKey: string, tag: string) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ apiKey, orderName: ORDER.name, tag }),
  });
  const response = await callbackAction({ request, params: {}, context: {} });
  expect(response.status).toBe(200);
}

const addedTags = (calls: { operationName?: string; variables?: Record<string, unknown> }[]) =>
  calls.filter((call) => call.operationName === "OrderTagsAdd").flatMap((call) => call.variables?.tags as string[]);

describe("the buyer's answer as a tag on the order", () => {
  it("tags a refused order apart from a confirmed one, records it on the delivery, and adds only", async () => {
    const { shop, apiKey, delivery } = await answeringShop();
    const calls = mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    await callback(apiKey, "cancelado");
    await runOwedTags();
    expect(addedTags(calls)).toEqual(["cancelado", "automation-buyer-refused"]);
    // The buyer changed their mind: the new answer's tag is added, the earlier one is never removed.
    await callback(apiKey, "confirmado");
    await runOwedTags();
    expect(addedTags(calls)).toEqual([
      "cancelado",
      "automation-buyer-refused",
      "confirmado",
      "automation-buyer-confirmed",
    ]);
    expect(calls.some((call) => call.operationName === "OrderTagsRemove")).toBe(false);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(JSON.parse(row.tagsApplied)).toEqual(
      expect.arrayContaining(["automation-buyer-refused", "automation-buyer-confirmed"]),
    );
    // A repeated answer owes nothing more.
    await callback(apiKey, "confirmado");
    await runOwedTags();
    expect(addedTags(calls).filter((tag) => tag.startsWith("automation-buyer-"))).toHaveLength(2);
  });

  it("is retried like the other owed tags while the platform fails", async () => {
    const { shop, apiKey } = await answeringShop();
    let failing = true;
    const calls = mockPlatform(shop, {
      OrderByName: ordersByName([ORDER]),
      OrderTagsAdd: (variables) => {
        if (failing && (variables.tags as string[]).includes("automation-buyer-confirmed")) {
          return HttpResponse.json({ errors: [{ message: "Internal error. Looks like something went wrong" }] });
        }
        return { tagsAdd: { node: { id: variables.id }, userErrors: [] } };
      },
    });
    await callback(apiKey, "confirmado");
    await runOwedTags();
    const owed = await prisma.orderTagTask.findFirstOrThrow({ where: { shop, tag: "automation-buyer-confirmed" } });
    expect(owed).toMatchObject({ status: "owed", attempts: 1 });
    failing = false;
    const later = new Date(Date.now() + ERROR_TAG_RETRY_DELAYS_MS[0] + 1000);
    expect(await runOwedTags(later)).toBe(1);
    expect(await prisma.orderTagTask.findUniqueOrThrow({ where: { id: owed.id } })).toMatchObject({
      status: "done",
      attempts: 2,
    });
    expect(addedTags(calls).filter((tag) => tag === "automation-buyer-confirmed")).toHaveLength(2);
  });

  it("tags no answer when the wait runs out", async () => {
    const { shop } = await answeringShop();
    const calls = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    expect(await recordNoAnswer(shop, { id: ORDER.id, waitingSince: new Date() })).toBe(true);
    await runOwedTags();
    expect(addedTags(calls)).toEqual(["automation-buyer-no-answer"]);
  });

  it("adds none once the merchant turned answer tags off", async () => {
    const { shop, apiKey } = await answeringShop();
    const saved = await savePolicy({
      request: await adminRequest("/app/order-tag-policy", shop, formBody({ answerTag: "false" })),
      params: {},
      context: {},
    });
    expect(await saved.json()).toEqual({ success: true, policy: { replaceOutcomeTag: false, answerTag: false } });
    const calls = mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    await callback(apiKey, "confirmado");
    await runOwedTags();
    expect(addedTags(calls)).toEqual(["confirmado"]);
    expect(await prisma.orderTagTask.count({ where: { shop } })).toBe(0);
  });
});
