import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action } from "~/routes/api.flow.send-to-confirmation";
import { REPEAT_COOLDOWN_MS } from "~/services/deliveries/repeat-guard.server";
import { sendToConfirmationAgain } from "~/services/flow/action.server";
import { signedActionRun } from "../../sandbox/platform/flow";
import { createAutomatedShop, createDelivery, restOrder } from "../helpers/factories";
import { hmac } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";

/** Flow's delivery of one action run, signed with the app's secret as the platform signs it. */
function actionRequest(
  shop: string,
  options: { actionRunId?: string; order?: unknown; header?: string; signature?: string; body?: string } = {},
) {
  const run = signedActionRun({
    shop,
    handle: "send-to-confirmation",
    actionRunId: options.actionRunId,
    properties: { order_id: options.order ?? 6610001 },
    secret: TEST_ENV.PLATFORM_API_SECRET,
  });
  const body = options.body ?? run.body;
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/flow/send-to-confirmation`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [options.header ?? "X-Shopify-Hmac-Sha256"]: options.signature ?? run.signature,
    },
    body,
  });
}

const call = async (request: Request) => {
  const response = await action({ request, params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
};

/** A shop whose order 6610001 went through the confirmation flow once (delivered). */
async function deliveredOrder() {
  const shop = await createAutomatedShop();
  const at = new Date(Date.now() - 3_600_000);
  await createDelivery(shop, {
    order: restOrder({ id: 6610001, name: "#1001" }),
    status: "delivered",
    flowId: "f_101",
    attempts: 1,
    createdAt: new Date(at.getTime() - 1000),
    deliveredAt: at,
    callbackStatus: "success",
    callbackAt: at,
  });
  return shop;
}

const deliveriesOf = (shop: string) => prisma.delivery.count({ where: { shop } });

describe("the Flow action 'Send to the confirmation flow again'", () => {
  it("sends the order through the resend path once per action run, however often Flow delivers it", async () => {
    const shop = await deliveredOrder();
    const actionRunId = randomUUID();
    const first = await call(actionRequest(shop, { actionRunId }));
    expect(first).toMatchObject({ status: 200, body: { success: true, resent: true, deliveryStatus: "queued" } });
    for (let i = 0; i < 2; i++) {
      const again = await call(actionRequest(shop, { actionRunId }));
      expect(again).toMatchObject({ status: 200, body: { ...first.body, repeated: true } });
    }
    expect(await deliveriesOf(shop)).toBe(2);
    expect(await prisma.flowActionRun.findMany({ where: { shop } })).toMatchObject([
      { actionRunId, status: "done", answerStatus: 200, orderId: "6610001" },
    ]);
  });

  it("runs once under concurrent deliveries of one run: the others get its answer or are asked to come back", async () => {
    const shop = await deliveredOrder();
    const actionRunId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(actionRequest(shop, { actionRunId }))));
    const ran = answers.filter((answer) => answer.status === 200 && !answer.body.repeated);
    expect(ran).toHaveLength(1);
    for (const other of answers.filter((answer) => answer !== ran[0])) {
      if (other.status === 200) expect(other.body).toEqual({ ...ran[0].body, repeated: true });
      else {
        expect(other).toMatchObject({ status: 429, body: { success: false, code: "action_run_in_progress" } });
        expect(other.response.headers.get("Retry-After")).toBe("10");
      }
    }
    expect(await deliveriesOf(shop)).toBe(2);
    expect(await call(actionRequest(shop, { actionRunId }))).toMatchObject({ status: 200, body: { repeated: true } });
  });

  it("gives the resend path's refusal as the run's answer, kept for its repeats (another run of a pending order)", async () => {
    const shop = await deliveredOrder();
    await call(actionRequest(shop));
    const second = randomUUID();
    const refused = await call(actionRequest(shop, { actionRunId: second }));
    expect(refused).toMatchObject({ status: 409, body: { success: false, code: "already_pending" } });
    expect(await call(actionRequest(shop, { actionRunId: second }))).toMatchObject({
      status: 409,
      body: { code: "already_pending", repeated: true },
    });
    expect(await deliveriesOf(shop)).toBe(2);
  });

  it("accepts the spec's neutral signature header", async () => {
    const shop = await deliveredOrder();
    const answer = await call(actionRequest(shop, { header: "X-Platform-Hmac-SHA256" }));
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
  });

  it("refuses a bad or missing signature with 401 and runs nothing", async () => {
    const shop = await deliveredOrder();
    const wrong = await call(actionRequest(shop, { signature: "bm90IHRoZSBzaWduYXR1cmU=" }));
    expect(wrong).toMatchObject({ status: 401, body: { success: false, code: "unauthorized" } });
    const tampered = actionRequest(shop, { body: JSON.stringify({ shopify_domain: shop, action_run_id: "x" }) });
    expect(await call(tampered)).toMatchObject({ status: 401 });
    const unsigned = actionRequest(shop, { header: "X-Other" });
    expect(await call(unsigned)).toMatchObject({ status: 401 });
    expect(await prisma.flowActionRun.count({ where: { shop } })).toBe(0);
    expect(await deliveriesOf(shop)).toBe(1);
  });

  it("answers a signed body it cannot read 400 naming the field, and a body over 16 KB 413", async () => {
    const shop = await deliveredOrder();
    const signed = (body: string) => {
      const request = actionRequest(shop, { body });
      request.headers.set("X-Shopify-Hmac-Sha256", hmac(body));
      return request;
    };
    expect(await call(signed("not json"))).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_json" },
    });
    const noOrder = JSON.stringify({ shopify_domain: shop, action_run_id: "r1", properties: {} });
    expect(await call(signed(noOrder))).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", field: "order_id" },
    });
    const noRun = JSON.stringify({ shopify_domain: shop, properties: { order_id: 6610001 } });
    expect(await call(signed(noRun))).toMatchObject({ status: 400, body: { field: "action_run_id" } });
    const deep = `{"shopify_domain":"${shop}","properties":${"[".repeat(200)}${"]".repeat(200)}}`;
    expect(await call(signed(deep))).toMatchObject({ status: 400, body: { success: false, code: "json_too_deep" } });
    const big = JSON.stringify({
      shopify_domain: shop,
      action_run_id: "r2",
      properties: { order_id: "x".repeat(17_000) },
    });
    expect(await call(signed(big))).toMatchObject({ status: 413, body: { success: false, code: "too_large" } });
    expect(await prisma.flowActionRun.count({ where: { shop } })).toBe(0);
  });
});

describe("a run refused for a passing reason", () => {
  it("is not kept as the run's answer: within the repeat's cooldown 429, Flow's retry after it sends the order", async () => {
    const shop = await createAutomatedShop();
    const ranAt = new Date("2026-11-28T15:00:00Z");
    await createDelivery(shop, {
      order: restOrder({ id: 6610001, name: "#1001" }),
      status: "delivered",
      attempts: 1,
      createdAt: ranAt,
      deliveredAt: ranAt,
    });
    const actionRunId = randomUUID();
    const soon = new Date(ranAt.getTime() + 60_000);
    await expect(sendToConfirmationAgain(shop, actionRunId, "6610001", soon)).rejects.toMatchObject({
      status: 429,
      code: "repeat_cooldown",
    });
    expect(await prisma.flowActionRun.count({ where: { shop } })).toBe(0);
    const later = new Date(ranAt.getTime() + REPEAT_COOLDOWN_MS + 60_000);
    expect(await sendToConfirmationAgain(shop, actionRunId, "6610001", later)).toMatchObject({
      status: 200,
      body: { success: true, resent: true },
    });
    expect(await deliveriesOf(shop)).toBe(2);
  });
});
