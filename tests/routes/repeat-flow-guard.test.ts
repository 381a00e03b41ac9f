import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as retry } from "~/routes/api.deliveries.$id.retry";
import { action as resend } from "~/routes/api.deliveries.resend";
import { action as deliveryPageAction } from "~/routes/app.deliveries.$id/route";
import { action as deliveriesListAction } from "~/routes/app.deliveries._index/route";
import { resendOrder } from "~/services/deliveries/order-story.server";
import { REPEAT_COOLDOWN_MS } from "~/services/deliveries/repeat-guard.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { AppError } from "~/lib/http.server";
import { createAutomatedShop, createDelivery } from "../helpers/factories";
import { adminRequest, formBody, sessionToken } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { triggerHandler, type TriggerCall } from "../mocks/automation";
import { server } from "../mocks/server";

const MINUTE = 60_000;

async function extensionRequest(path: string, shop: string, body?: unknown) {
  const headers = new Headers({ Origin: "https://extensions.shopifycdn.com" });
  headers.set("Authorization", `Bearer ${await sessionToken(shop)}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}${path}`, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const postResend = async (shop: string, body: unknown) =>
  resend({ request: await extensionRequest("/api/deliveries/resend", shop, body), params: {}, context: {} });
const postRetry = async (shop: string, id: string, body?: unknown) =>
  retry({ request: await extensionRequest(`/api/deliveries/${id}/retry`, shop, body), params: { id }, context: {} });

/** An order whose flow ran `agoMs` ago: delivered (or flow-failed, when its flow reported a failure). */
async function ranOrder(shop: string, status: "delivered" | "flow_failed", agoMs: number) {
  const at = new Date(Date.now() - agoMs);
  return createDelivery(shop, {
    status,
    flowId: "f_101",
    attempts: 1,
    createdAt: new Date(at.getTime() - 1000),
    deliveredAt: at,
    callbackStatus: status === "flow_failed" ? "failed" : "success",
    callbackAt: at,
  });
}

describe("resending an order whose flow already ran (the order page)", () => {
  it("answers 409 repeat_needs_confirmation without confirmRepeat, and queues it once confirmed", async () => {
    const shop = await createAutomatedShop();
    const delivered = await ranOrder(shop, "delivered", 10 * MINUTE);

    const unconfirmed = await postResend(shop, { orderId: delivered.orderId });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ success: false, code: "repeat_needs_confirmation" });
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);

    const confirmed = await postResend(shop, { orderId: delivered.orderId, confirmRepeat: true });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ success: true, resent: true, delivery: { status: "queued" } });
  });

  it("refuses a confirmed resend within the cooldown with 429 repeat_cooldown and Retry-After", async () => {
    const shop = await createAutomatedShop();
    const delivered = await ranOrder(shop, "delivered", 1 * MINUTE);
    const response = await postResend(shop, { orderId: delivered.orderId, confirmRepeat: true });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3 * 60);
    expect(retryAfter).toBeLessThanOrEqual(4 * 60);
    expect(await response.json()).toMatchObject({
      success: false,
      code: "repeat_cooldown",
      retryAfterSeconds: retryAfter,
    });
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
  });

  it("answers 400 for a confirmRepeat that is not a boolean", async () => {
    const shop = await createAutomatedShop();
    const delivered = await ranOrder(shop, "delivered", 10 * MINUTE);
    const response = await postResend(shop, { orderId: delivered.orderId, confirmRepeat: "yes" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "invalid_input", field: "confirmRepeat" });
  });

  it("runs the buyer's flow at most once in the cooldown for 30 confirmed resends 400 ms apart", async () => {
    const shop = await createAutomatedShop();
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const start = new Date();
    const delivered = await ranOrder(shop, "delivered", 10 * MINUTE);
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      const at = new Date(start.getTime() + i * 400);
      try {
        await resendOrder(shop, delivered.orderId!, { confirmRepeat: true }, at);
        answers.push("resent");
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers.push(error.code);
      }
      await runDeliveryPass({ workerId: "repeat-guard", now: () => at });
    }
    expect(calls).toHaveLength(1);
    expect(answers[0]).toBe("resent");
    expect(new Set(answers.slice(1))).toEqual(new Set(["repeat_cooldown"]));

    // Past the cooldown the merchant may send it again.
    const later = new Date(start.getTime() + REPEAT_COOLDOWN_MS + 1000);
    await resendOrder(shop, delivered.orderId!, { confirmRepeat: true }, later);
    await runDeliveryPass({ workerId: "repeat-guard", now: () => later });
    expect(calls).toHaveLength(2);
  });
});

describe("retrying a flow-failed delivery (the log's Reintentar)", () => {
  it("answers 409 repeat_needs_confirmation without confirmRepeat and replays it once confirmed", async () => {
    const shop = await createAutomatedShop();
    const failed = await ranOrder(shop, "flow_failed", 10 * MINUTE);

    const unconfirmed = await postRetry(shop, failed.id);
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ success: false, code: "repeat_needs_confirmation" });
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "flow_failed",
      replays: 0,
    });

    const confirmed = await postRetry(shop, failed.id, { confirmRepeat: true });
    expect(confirmed.status).toBe(200);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "queued",
      replays: 1,
    });
  });

  it("asks the log page's retry for the same confirmation", async () => {
    const shop = await createAutomatedShop();
    const failed = await ranOrder(shop, "flow_failed", 10 * MINUTE);
    const post = async (fields: Record<string, string>) =>
      deliveryPageAction({
        request: await adminRequest(`/app/deliveries/${failed.id}`, shop, formBody(fields)),
        params: { id: failed.id },
        context: {},
      });
    const unconfirmed = await post({ intent: "retry" });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: "repeat_needs_confirmation" });
    const confirmed = await post({ intent: "retry", confirmRepeat: "true" });
    expect(confirmed.status).toBe(200);
  });

  it("asks the log list's retry for the same confirmation", async () => {
    const shop = await createAutomatedShop();
    const failed = await ranOrder(shop, "flow_failed", 10 * MINUTE);
    const post = async (fields: Record<string, string>) =>
      deliveriesListAction({
        request: await adminRequest("/app/deliveries?index", shop, formBody(fields)),
        params: {},
        context: {},
      });
    const unconfirmed = await post({ intent: "retry", id: failed.id });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: "repeat_needs_confirmation" });
    const confirmed = await post({ intent: "retry", id: failed.id, confirmRepeat: "true" });
    expect(confirmed.status).toBe(200);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: failed.id } })).status).toBe("queued");
  });

  it("refuses a confirmed retry within the cooldown with 429, and a dead delivery needs no confirmation", async () => {
    const shop = await createAutomatedShop();
    const failed = await ranOrder(shop, "flow_failed", 2 * MINUTE);
    const early = await postRetry(shop, failed.id, { confirmRepeat: true });
    expect(early.status).toBe(429);
    expect(early.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await early.json()).toMatchObject({ code: "repeat_cooldown" });

    const dead = await createDelivery(shop, { status: "dead", attempts: 8 });
    const response = await postRetry(shop, dead.id);
    expect(response.status).toBe(200);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: dead.id } })).status).toBe("queued");
  });
});
