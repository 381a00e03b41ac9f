import { describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/webhooks.supplier.status.$token";
import { journeyForOrder } from "~/services/journey/read.server";
import { RECEIVER_PATH, rotateReceiverToken, saveStatusMap } from "~/services/journey/settings.server";
import reference from "../fixtures/reference/supplier-order-status.json";
import { createDelivery, createSession, restOrder, shopDomain } from "../helpers/factories";
import { TEST_ENV } from "../helpers/test-env";
import { runDueJobs } from "../services/jobs/run-due";

async function shopWithReceiver() {
  const shop = shopDomain();
  await createSession(shop);
  return { shop, token: await rotateReceiverToken(shop) };
}

function push(token: string, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}${RECEIVER_PATH}${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return action({ request, params: { token }, context: {} });
}

const statusBody = (overrides: Record<string, unknown> = {}) => ({ ...reference.statusWebhook.body, ...overrides });

/** The supplier order once the apply jobs the receiver added have run, having applied `events` events. */
async function appliedOrder(shop: string, supplierOrderId: string, events: number) {
  await runDueJobs("journey-apply");
  const order = await prisma.supplierOrder.findUnique({ where: { shop_supplierOrderId: { shop, supplierOrderId } } });
  expect(order?.eventCount).toBe(events);
  return order!;
}

describe("the supplier status receiver's door", () => {
  it("answers an unknown token with a plain 404, whether or not any shop has a receiver", async () => {
    await shopWithReceiver();
    const response = await push("not-a-token", statusBody());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Not found", code: "not_found" });
    expect(await prisma.supplierStatusEvent.count()).toBe(0);
  });

  it("stops taking the old URL as soon as a new one is made", async () => {
    const { shop, token } = await shopWithReceiver();
    const fresh = await rotateReceiverToken(shop);
    expect(fresh).not.toBe(token);
    expect((await push(token, statusBody())).status).toBe(404);
    expect((await push(fresh, statusBody())).status).toBe(200);
    await appliedOrder(shop, "4821937", 1);
  });

  it("keeps only the token's keyed hash, never the token", async () => {
    const { shop, token } = await shopWithReceiver();
    const stored = JSON.stringify(await prisma.supplierJourneySettings.findUnique({ where: { shop } }));
    expect(stored).not.toContain(token);
    expect(stored).toContain(token.slice(-4));
  });

  it.each([
    ["a body that is not JSON", "{not json", "invalid_json", undefined],
    ["a body without the order id", { status: "EN TRANSITO" }, "invalid_status", "id"],
    ["a body without a status", { id: 4821937 }, "invalid_status", "status"],
    ["a status that is not text", { id: 4821937, status: { name: "x" } }, "invalid_status", "status"],
    ["a body that is a list", [statusBody()], "invalid_status", "body"],
  ])("refuses %s with 400 and a stable code, storing nothing", async (_name, body, code, field) => {
    const { token } = await shopWithReceiver();
    const response = await push(token, body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer).toMatchObject({ success: false, code });
    if (field) expect(answer.field).toBe(field);
    expect(await prisma.supplierStatusEvent.count()).toBe(0);
  });

  it("refuses a body over 64 KB with 413", async () => {
    const { token } = await shopWithReceiver();
    const response = await push(token, statusBody({ notes: "x".repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: "too_large" });
  });

  it("takes only POST", async () => {
    const response = await loader();
    expect(response.status).toBe(405);
  });
});

describe("statuses in, one history per order", () => {
  it("stores the marketplace's push, matches the store order by its id and answers without the token", async () => {
    const { shop, token } = await shopWithReceiver();
    const delivery = await createDelivery(shop, { order: restOrder({ id: 5829301847221, name: "#1042" }) });
    const response = await push(token, statusBody());
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: true, duplicate: false });
    expect(text).not.toContain(token);
    const order = await appliedOrder(shop, "4821937", 1);
    expect(order).toMatchObject({
      orderId: delivery.orderId,
      orderName: "#1042",
      matchedBy: "shop_order_id",
      guide: "240012345678",
      carrier: "COORDINADORA",
      rawStatus: "GUIA_GENERADA",
      stage: "label_created",
      openIncident: null,
    });
  });

  it("takes the order id and status under the names other integrators use", async () => {
    const { shop, token } = await shopWithReceiver();
    const response = await push(token, {
      order_id: 265494,
      new_status: "CANCELADO",
      updated_at: "2025-05-29 14:14:58",
    });
    expect(response.status).toBe(200);
    expect(await appliedOrder(shop, "265494", 1)).toMatchObject({
      stage: "cancelled",
      stageSince: new Date("2025-05-29T14:14:58Z"),
    });
  });

  it("records a status pushed three times as one event", async () => {
    const { shop, token } = await shopWithReceiver();
    const answers = [];
    for (const status of ["EN TRANSITO", "EN_TRANSITO", "En tránsito "]) {
      answers.push(await (await push(token, statusBody({ status }))).json());
    }
    expect(answers.map((answer) => answer.duplicate)).toEqual([false, true, true]);
    await appliedOrder(shop, "4821937", 1);
    expect(await prisma.supplierStatusEvent.count({ where: { shop } })).toBe(1);
  });

  it("orders the history by the carrier's time and never steps back when pushes come out of order", async () => {
    const { shop, token } = await shopWithReceiver();
    const delivery = await createDelivery(shop, { order: restOrder({ id: 5829301847221, name: "#1042" }) });
    const pushes: [string, string][] = [
      ["ENTREGADA", "2026-11-27 15:00:00"],
      ["EN TRANSITO", "2026-11-25 09:00:00"],
      ["GUIA_GENERADA", "2026-11-24 10:12:31"],
      ["EN REPARTO", "2026-11-27 08:40:02"],
      ["EN TRANSITO", "2026-11-25 09:00:00"],
    ];
    for (const [status, updated_at] of pushes)
      expect((await push(token, statusBody({ status, updated_at }))).status).toBe(200);
    const order = await appliedOrder(shop, "4821937", 4);
    expect(order).toMatchObject({ stage: "delivered", stageSince: new Date("2026-11-27T15:00:00Z") });
    const [journey] = await journeyForOrder(shop, delivery.orderId!);
    expect(journey.history.map((entry) => [entry.rawStatus, entry.stage, entry.source])).toEqual([
      ["GUIA_GENERADA", "label_created", "push"],
      ["EN TRANSITO", "in_transit", "push"],
      ["EN REPARTO", "out_for_delivery", "push"],
      ["ENTREGADA", "delivered", "push"],
    ]);
    expect(journey.history[0].reportedAt).toBe("2026-11-24T10:12:31.000Z");
  });

  it("keeps an order the store does not know, and a status nobody knows, and shows both", async () => {
    const { shop, token } = await shopWithReceiver();
    await push(token, statusBody({ id: 777, shop_order_id: "999999", status: "EN ADUANA", phone: null }));
    const order = await appliedOrder(shop, "777", 1);
    expect(order).toMatchObject({ orderId: null, matchedBy: null, stage: "unknown", rawStatus: "EN ADUANA" });
    expect(await prisma.supplierStatusEvent.findFirst({ where: { shop } })).toMatchObject({ stage: "unknown" });
  });

  it("reads a status by the shop's own map before the table", async () => {
    const { shop, token } = await shopWithReceiver();
    await saveStatusMap(shop, { "EN ADUANA": "in_transit" });
    await push(token, statusBody({ status: "En aduana" }));
    expect(await appliedOrder(shop, "4821937", 1)).toMatchObject({ stage: "in_transit", rawStatus: "En aduana" });
  });

  it("keeps one shop's statuses apart from another's with the same supplier order id", async () => {
    const first = await shopWithReceiver();
    const second = await shopWithReceiver();
    await push(first.token, statusBody({ status: "ENTREGADO" }));
    await push(second.token, statusBody({ status: "NOVEDAD" }));
    expect(await appliedOrder(first.shop, "4821937", 1)).toMatchObject({ stage: "delivered", openIncident: null });
    expect(await appliedOrder(second.shop, "4821937", 1)).toMatchObject({ stage: "unknown", openIncident: "NOVEDAD" });
  });

  it("erases the buyer's phone from the event once it is applied", async () => {
    const { shop, token } = await shopWithReceiver();
    await push(token, statusBody());
    await appliedOrder(shop, "4821937", 1);
    await vi.waitFor(async () =>
      expect(await prisma.supplierStatusEvent.findFirst({ where: { shop } })).toMatchObject({ buyerPhone: null }),
    );
  });
});
