import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as callbackAction } from "~/routes/api.automation.callback";
import { action, loader } from "~/routes/api.answer-rules";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { mockPlatform, ordersByName, tagsAdded } from "../mocks/platform";
import { owedTagHandler } from "~/services/deliveries/owed-tags.server";
import { runDueJobs } from "../services/jobs/run-due";

const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  return { shop, apiKey: `key-${shop}` };
}

const saveRules = async (shop: string, rules: unknown) => {
  const response = await action({
    request: await adminRequest("/api/answer-rules", shop, formBody({ rules: JSON.stringify(rules) })),
    params: {},
    context: {},
  });
  return { status: response.status, body: await response.json() };
};

function callback(body: Record<string, unknown>) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return callbackAction({ request, params: {}, context: {} });
}

/** The order's webhook, delivered to the flow, as the callback finds it by name. */
async function deliveredOrder(shop: string, deliveredAt = new Date("2026-11-26T10:00:00Z")) {
  return createDelivery(shop, {
    status: "delivered",
    orderId: ORDER.id,
    orderName: ORDER.name,
    resourceId: `${shop}-5550001`,
    flowId: "f_101",
    deliveredAt,
  });
}

describe("answer rules: saved per shop", () => {
  it("saves the rules and reads them back with the shop's recent callbacks, never another shop's", async () => {
    const { shop } = await installedShop();
    const other = await installedShop();
    const saved = await saveRules(shop, [{ answer: "confirmed", status: " Completed " }]);
    expect(saved).toEqual({
      status: 200,
      body: { success: true, rules: [{ answer: "confirmed", status: "completed" }] },
    });
    await createDelivery(shop, {
      orderName: "#1001",
      callbackAt: new Date("2026-11-26T11:00:00Z"),
      callbackStatus: "tagged",
      tagsApplied: '["confirmado"]',
    });
    await createDelivery(other.shop, { orderName: "#9", callbackAt: new Date(), callbackStatus: "completed" });
    const response = await loader({ request: await adminRequest("/api/answer-rules", shop), params: {}, context: {} });
    expect(await response.json()).toEqual({
      success: true,
      rules: [{ answer: "confirmed", status: "completed" }],
      recentCallbacks: [{ orderName: "#1001", at: "2026-11-26T11:00:00.000Z", status: null, tags: ["confirmado"] }],
    });
    const otherRules = await loader({
      request: await adminRequest("/api/answer-rules", other.shop),
      params: {},
      context: {},
    });
    expect((await otherRules.json()).rules).toEqual([]);
  });

  it("an empty list removes the rules", async () => {
    const { shop } = await installedShop();
    await saveRules(shop, [{ answer: "refused", tag: "cancelado" }]);
    expect(await saveRules(shop, [])).toEqual({ status: 200, body: { success: true, rules: [] } });
    expect(await prisma.answerRuleSet.count({ where: { shop } })).toBe(0);
  });

  const invalid: [string, unknown, string][] = [
    [
      "an unknown answer",
      [{ answer: "maybe", status: "x" }],
      "rules.0.answer: must be one of confirmed, refused, no_answer",
    ],
    ["a rule with neither status nor tag", [{ answer: "confirmed" }], "rules.0: needs a status or a tag"],
    [
      "an unknown field",
      [{ answer: "confirmed", status: "x", when: "now" }],
      "rules.0: Unrecognized key(s) in object: 'when'",
    ],
    [
      "too many rules",
      Array.from({ length: 21 }, () => ({ answer: "confirmed", tag: "a" })),
      "rules: at most 20 rules",
    ],
  ];
  for (const [name, rules, error] of invalid) {
    it(`refuses ${name} with 400 and the field`, async () => {
      const { shop } = await installedShop();
      const { status, body } = await saveRules(shop, rules);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error, code: "invalid_input" });
      expect(await prisma.answerRuleSet.count({ where: { shop } })).toBe(0);
    });
  }

  it("refuses rules that are not JSON", async () => {
    const { shop } = await installedShop();
    const response = await action({
      request: await adminRequest("/api/answer-rules", shop, formBody({ rules: "[{" })),
      params: {},
      context: {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "invalid_input" });
  });
});

describe("the callback records the buyer's answer under the shop's rules", () => {
  it("with no rules nothing is recorded and the spec's tags are added as ever", async () => {
    const { shop, apiKey } = await installedShop();
    await deliveredOrder(shop);
    const calls = mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    const response = await callback({ apiKey, orderName: "#1001", status: "completed" });
    expect(await response.json()).toEqual({
      success: true,
      message: "Tags added to order #1001: automation-completed",
      orderId: ORDER.id,
      tags: ["automation-completed"],
    });
    expect(calls.at(-1)?.variables.tags).toEqual(["automation-completed"]);
    expect(await prisma.orderAnswer.count()).toBe(0);
  });

  it("a matching status records the answer, its time and the wait it ended, beside unchanged tags", async () => {
    const { shop, apiKey } = await installedShop();
    const delivery = await deliveredOrder(shop);
    await saveRules(shop, [{ answer: "confirmed", status: "completed" }]);
    const calls = mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    const before = Date.now();
    const response = await callback({ apiKey, orderName: "#1001", status: "completed" });
    expect((await response.json()).tags).toEqual(["automation-completed"]);
    // The buyer's answer's tag is owed, and its job tries it as the app's runner does.
    await runDueJobs("order-tag", new Date(), { handler: owedTagHandler({ sleep: async () => {} }) });
    // The flow's tags, then the buyer's answer as its own tag (docs/decisions/301).
    expect(calls.filter((call) => call.operationName === "OrderTagsAdd").map((call) => call.variables?.tags)).toEqual([
      ["automation-completed"],
      ["automation-buyer-confirmed"],
    ]);
    const answer = await prisma.orderAnswer.findFirstOrThrow({ where: { shop } });
    expect(answer).toMatchObject({
      orderId: ORDER.id,
      orderName: "#1001",
      deliveryId: delivery.id,
      flowId: "f_101",
      answer: "confirmed",
      source: "callback",
      callbackStatus: "completed",
      callbackTags: '["automation-completed"]',
      waitingSince: new Date("2026-11-26T10:00:00Z"),
    });
    expect(answer.answeredAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("records no answer for the loop test's order: it has no buyer, the loop test confirms it itself", async () => {
    const { shop, apiKey } = await installedShop();
    await createDelivery(shop, {
      status: "delivered",
      orderId: ORDER.id,
      orderName: ORDER.name,
      resourceId: `${shop}-5550001`,
      flowId: "f_101",
      test: true,
    });
    await saveRules(shop, [{ answer: "confirmed", status: "completed" }]);
    const calls = mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    const response = await callback({ apiKey, orderName: "#1001", status: "completed" });
    expect(response.status).toBe(200);
    expect(calls.filter((call) => call.operationName === "OrderTagsAdd")).toHaveLength(1);
    expect(await prisma.orderAnswer.count({ where: { shop } })).toBe(0);
  });

  it("a matching tag records the answer; a callback no rule matches records none", async () => {
    const { shop, apiKey } = await installedShop();
    await deliveredOrder(shop);
    await saveRules(shop, [{ answer: "refused", tag: "cancelado" }]);
    mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    await callback({ apiKey, orderName: "#1001", status: "pending" });
    expect(await prisma.orderAnswer.count({ where: { shop } })).toBe(0);
    await callback({ apiKey, orderName: "#1001", tags: ["Cancelado"] });
    expect(await prisma.orderAnswer.findFirstOrThrow({ where: { shop } })).toMatchObject({ answer: "refused" });
  });

  it("a repeated answer keeps its first time; a different one replaces it", async () => {
    const { shop, apiKey } = await installedShop();
    await deliveredOrder(shop);
    await saveRules(shop, [
      { answer: "confirmed", tag: "confirmado" },
      { answer: "refused", tag: "cancelado" },
    ]);
    mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded(), OrderTagsRemove: () => ({}) });
    await callback({ apiKey, orderName: "#1001", tag: "confirmado" });
    const first = await prisma.orderAnswer.findFirstOrThrow({ where: { shop } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await callback({ apiKey, orderName: "#1001", tag: "confirmado" });
    expect((await prisma.orderAnswer.findFirstOrThrow({ where: { shop } })).answeredAt).toEqual(first.answeredAt);
    await callback({ apiKey, orderName: "#1001", tag: "cancelado" });
    const changed = await prisma.orderAnswer.findFirstOrThrow({ where: { shop } });
    expect(changed.answer).toBe("refused");
    expect(changed.answeredAt.getTime()).toBeGreaterThan(first.answeredAt.getTime());
    expect(await prisma.orderAnswer.count({ where: { shop } })).toBe(1);
  });

  it("records an answer for an order the app did not deliver, without a wait", async () => {
    const { shop, apiKey } = await installedShop();
    await saveRules(shop, [{ answer: "confirmed", status: "completed" }]);
    mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
    expect((await callback({ apiKey, orderName: "#1001", status: "completed" })).status).toBe(200);
    expect(await prisma.orderAnswer.findFirstOrThrow({ where: { shop } })).toMatchObject({
      answer: "confirmed",
      deliveryId: null,
      waitingSince: null,
    });
  });
});

describe("settings page", () => {
  it("loads the shop's answer rules and recent callbacks with the rest of the settings", async () => {
    const { loader: settingsLoader } = await import("~/routes/app.settings/route");
    const { shop } = await installedShop();
    await saveRules(shop, [{ answer: "no_answer", tag: "sin-respuesta" }]);
    const data = await settingsLoader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} });
    expect(data.answers).toEqual({ rules: [{ answer: "no_answer", tag: "sin-respuesta" }], recentCallbacks: [] });
  });
});

describe("settings page action", () => {
  it("saves the answer rules and the hold policy through the page's own action", async () => {
    const { action: settingsAction } = await import("~/routes/app.settings/route");
    const { shop } = await installedShop();
    const act = async (fields: Record<string, string>) => {
      const response = await settingsAction({
        request: await adminRequest("/app/settings", shop, formBody(fields)),
        params: {},
        context: {},
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await act({ intent: "answers-save", rules: '[{"answer":"refused","tag":"Cancelado"}]' })).toEqual({
      status: 200,
      body: { success: true, rules: [{ answer: "refused", tag: "cancelado" }] },
    });
    expect(await act({ intent: "answers-save", rules: '[{"answer":"x","tag":"a"}]' })).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input" },
    });
    const saved = await act({
      intent: "holds-save",
      enabled: "true",
      codGateways: '["COD"]',
      onRefused: "keep",
      onNoAnswer: "keep",
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { success: true, policy: { enabled: true, codGateways: ["COD"] } },
    });
    expect(await prisma.holdSettings.findUnique({ where: { shop } })).toMatchObject({ enabled: true });
  });
});
