import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as compliance } from "~/routes/webhooks.compliance";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { createAutomatedShop, restOrder } from "../helpers/factories";
import { webhookRequest } from "../helpers/requests";
import { triggerHandler } from "../mocks/automation";
import { server } from "../mocks/server";

const EMAIL = "Ana.Gomez@Example.test";
const PHONE = "+57 300 111 2233";

/** An order of the customer as the platform sends it: no customer id on a guest checkout, email and phone only. */
const guestOrder = (id: number) =>
  restOrder({
    id,
    name: `#${id}`,
    email: EMAIL,
    phone: null,
    customer: null,
    shipping_address: { first_name: "Ana", last_name: "Gomez", address1: "Calle 10", city: "Medellin", phone: PHONE },
  });

const someoneElse = (id: number) =>
  restOrder({
    id,
    name: `#${id}`,
    email: "luis@example.test",
    customer: { id: 8001, email: "luis@example.test", phone: "+573009998877" },
    shipping_address: { first_name: "Luis", city: "Cali", phone: "+573009998877" },
  });

async function receive(shop: string, body: unknown) {
  const response = await ordersCreate({
    request: webhookRequest("/webhooks/orders/create", body, { shop, topic: "orders/create" }),
  });
  expect(response.status).toBe(200);
}

async function privacyRequest(shop: string, topic: string, body: unknown) {
  return compliance({ request: webhookRequest("/webhooks/compliance", body, { shop, topic }) });
}

/** Everything stored about the shop's deliveries, as one text to search. */
async function storedText(shop: string) {
  return JSON.stringify(await prisma.delivery.findMany({ where: { shop } }));
}

describe("customers/redact finds the customer by every identifier the platform sends", () => {
  it("erases the bodies and attempt logs that hold the customer's email and phone, received through the real path", async () => {
    const shop = await createAutomatedShop();
    await receive(shop, guestOrder(6001));
    await receive(shop, guestOrder(6002));
    await receive(shop, someoneElse(6003));
    // The automation platform refuses the first attempts with an error that echoes the buyer's contact.
    server.use(
      triggerHandler(
        [],
        [
          () =>
            HttpResponse.json({ error: `Contact ${EMAIL.toLowerCase()} / 573001112233 is blocked` }, { status: 503 }),
        ],
      ),
    );
    await runDeliveryPass({ workerId: "test" });
    expect(await storedText(shop)).toContain("573001112233");

    const response = await privacyRequest(shop, "customers/redact", {
      shop_domain: shop,
      customer: { id: null, email: EMAIL.toUpperCase(), phone: "573001112233" },
      orders_to_redact: [],
    });

    expect(response.status).toBe(200);
    const text = await storedText(shop);
    expect(text.toLowerCase()).not.toContain(EMAIL.toLowerCase());
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain("573001112233");
    const rows = await prisma.delivery.findMany({ where: { shop }, orderBy: { resourceId: "asc" } });
    expect(rows.map((row) => [row.resourceId, row.payload === null])).toEqual([
      ["6001", true],
      ["6002", true],
      ["6003", false],
    ]);
    expect(rows[2].attemptLog).toContain("blocked");
  });

  it("erases an order named only by the customer's phone, written differently", async () => {
    const shop = await createAutomatedShop();
    await receive(shop, guestOrder(6101));
    await receive(shop, someoneElse(6102));
    await privacyRequest(shop, "customers/redact", { shop_domain: shop, customer: { phone: "(+57) 300-111-2233" } });
    const rows = await prisma.delivery.findMany({ where: { shop }, orderBy: { resourceId: "asc" } });
    expect(rows.map((row) => row.payload === null)).toEqual([true, false]);
  });

  it("erases an order named by its GraphQL id when the numeric id was kept elsewhere", async () => {
    const shop = await createAutomatedShop();
    await receive(shop, someoneElse(6201));
    await prisma.delivery.updateMany({ where: { shop }, data: { resourceId: null } });
    await privacyRequest(shop, "customers/redact", { shop_domain: shop, customer: {}, orders_to_redact: [6201] });
    expect((await prisma.delivery.findFirstOrThrow({ where: { shop } })).payload).toBeNull();
  });

  it("customers/data_request counts the orders found by email", async () => {
    const shop = await createAutomatedShop();
    await receive(shop, guestOrder(6301));
    await receive(shop, someoneElse(6302));
    await privacyRequest(shop, "customers/data_request", {
      shop_domain: shop,
      customer: { email: EMAIL },
      orders_requested: [],
      data_request: { id: 1 },
    });
    const request = await prisma.privacyRequest.findFirstOrThrow({ where: { shop } });
    expect(JSON.parse(request.summary).held).toEqual({
      orderDeliveries: 1,
      supplierJourneys: 0,
      orderRisks: 0,
      blockedPhones: 0,
    });
  });
});

describe("compliance bodies that are not requests", () => {
  it.each(["customers/redact", "customers/data_request", "shop/redact"])(
    "answers %s with [] or null without a 500, erasing nothing of other customers",
    async (topic) => {
      const shop = await createAutomatedShop();
      await receive(shop, someoneElse(6401));
      for (const body of [[], null, { customer: "nobody" }]) {
        expect((await privacyRequest(shop, topic, body)).status).toBe(200);
      }
      if (topic !== "shop/redact")
        expect((await prisma.delivery.findFirstOrThrow({ where: { shop } })).payload).not.toBeNull();
    },
  );
});
