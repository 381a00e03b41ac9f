import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as compliance } from "~/routes/webhooks.compliance";
import { purgeJourneyPhones } from "~/services/journey/privacy.server";
import { createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";

const ORDER_ID = "5829301847221";
const DAY = 86_400_000;

async function shopWithJourneys() {
  const shop = shopDomain();
  await createSession(shop);
  const order = (supplierOrderId: string, orderId: string | null) =>
    prisma.supplierOrder.create({ data: { shop, supplierOrderId, orderId, guide: `G-${supplierOrderId}` } });
  const event = (supplierOrderId: string, buyerPhone: string | null, receivedAt = new Date()) =>
    prisma.supplierStatusEvent.create({
      data: {
        shop,
        supplierOrderId,
        rawStatus: "EN TRANSITO",
        dedupeKey: `EN TRANSITO|${receivedAt.toISOString()}`,
        stage: "in_transit",
        receivedAt,
        source: "push",
        buyerPhone,
      },
    });
  await order("A", `gid://shopify/Order/${ORDER_ID}`);
  await event("A", null);
  await order("B", "gid://shopify/Order/42");
  await event("B", null);
  for (const [supplierOrderId, orderId] of [
    ["A", `gid://shopify/Order/${ORDER_ID}`],
    ["B", "gid://shopify/Order/42"],
  ]) {
    await prisma.journeyStep.create({
      data: { shop, supplierOrderId, orderId, step: "fulfil", position: 20, stage: "label_created" },
    });
  }
  // Not applied yet: it still carries the phone the marketplace sent.
  await event("C", "3108045704");
  await event("D", "3009998877");
  return shop;
}

function redact(shop: string, body: unknown) {
  return compliance({ request: webhookRequest("/webhooks/compliance", body, { shop, topic: "customers/redact" }) });
}

describe("the parcels' journeys and the buyer's data", () => {
  it("customers/redact erases the named order's supplier orders and histories, and the phone an event still holds", async () => {
    const shop = await shopWithJourneys();
    const response = await redact(shop, {
      shop_domain: shop,
      customer: { id: 7001, phone: "+57 310 804 5704" },
      orders_to_redact: [Number(ORDER_ID)],
    });
    expect(response.status).toBe(200);
    const orders = await prisma.supplierOrder.findMany({ where: { shop }, orderBy: { supplierOrderId: "asc" } });
    expect(orders.map((order) => order.supplierOrderId)).toEqual(["B"]);
    const steps = await prisma.journeyStep.findMany({ where: { shop } });
    expect(steps.map((step) => step.supplierOrderId)).toEqual(["B"]);
    const events = await prisma.supplierStatusEvent.findMany({ where: { shop }, orderBy: { supplierOrderId: "asc" } });
    expect(events.map((event) => [event.supplierOrderId, event.buyerPhone])).toEqual([
      ["B", null],
      ["C", null],
      ["D", "3009998877"],
    ]);
  });

  it("retention erases every phone older than the retention period, and only those", async () => {
    const shop = await shopWithJourneys();
    const now = new Date();
    await prisma.supplierStatusEvent.updateMany({
      where: { shop, supplierOrderId: "C" },
      data: { receivedAt: new Date(now.getTime() - 31 * DAY) },
    });
    expect(await purgeJourneyPhones(now)).toBe(1);
    const phones = await prisma.supplierStatusEvent.findMany({
      where: { shop, buyerPhone: { not: null } },
      select: { supplierOrderId: true },
    });
    expect(phones).toEqual([{ supplierOrderId: "D" }]);
  });
});
