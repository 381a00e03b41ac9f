import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as compliance } from "~/routes/webhooks.compliance";
import { countShopRecords, createFullShop, createSession, shopDomain } from "../helpers/factories";
import { webhookRequest } from "../helpers/requests";

const receivers = [
  { path: "/webhooks/app/uninstalled", topic: "app/uninstalled", action: uninstalled, payload: {} },
  {
    path: "/webhooks/app/scopes_update",
    topic: "app/scopes_update",
    action: scopesUpdate,
    payload: { current: ["read_orders"] },
  },
  {
    path: "/webhooks/compliance",
    topic: "customers/data_request",
    action: compliance,
    payload: { customer: { id: 1 } },
  },
  { path: "/webhooks/compliance", topic: "customers/redact", action: compliance, payload: { customer: { id: 1 } } },
  { path: "/webhooks/compliance", topic: "shop/redact", action: compliance, payload: { shop_domain: "x" } },
];

const call = (handler: (args: { request: Request }) => Promise<Response>, request: Request) => handler({ request });

describe("webhook signatures", () => {
  for (const receiver of receivers) {
    it(`${receiver.topic}: refuses a wrong signature with 401 and changes nothing`, async () => {
      const shop = await createFullShop();
      const before = await countShopRecords(shop);
      const response = await call(
        receiver.action,
        webhookRequest(receiver.path, receiver.payload, { shop, topic: receiver.topic, signature: "d3Jvbmc=" }),
      );
      expect(response.status).toBe(401);
      expect(await countShopRecords(shop)).toEqual(before);
      expect((await prisma.session.findFirst({ where: { shop } }))?.scope).not.toBe("read_orders");
    });

    it(`${receiver.topic}: refuses a missing signature with 401`, async () => {
      const shop = await createFullShop();
      const response = await call(
        receiver.action,
        webhookRequest(receiver.path, receiver.payload, { shop, topic: receiver.topic, signature: null }),
      );
      expect(response.status).toBe(401);
    });
  }

  it("refuses a body signed with another secret", async () => {
    const shop = await createFullShop();
    const body = "{}";
    const request = webhookRequest("/webhooks/app/uninstalled", body, {
      shop,
      topic: "app/uninstalled",
      signature: (await import("../helpers/requests")).hmac(body, "another-secret"),
    });
    expect((await uninstalled({ request })).status).toBe(401);
    expect((await countShopRecords(shop)).configurations).toBe(1);
  });

  it("accepts the spec's neutral header names (X-Platform-Hmac-SHA256)", async () => {
    const shop = await createFullShop();
    const response = await uninstalled({
      request: webhookRequest(
        "/webhooks/app/uninstalled",
        {},
        { shop, topic: "app/uninstalled", neutralHeaders: true },
      ),
    });
    expect(response.status).toBe(200);
    expect((await countShopRecords(shop)).configurations).toBe(0);
  });
});

describe("app/uninstalled", () => {
  it("removes every record of the shop and none of another shop", async () => {
    const [shop, other] = [await createFullShop(), await createFullShop()];
    const otherBefore = await countShopRecords(other);
    const response = await uninstalled({
      request: webhookRequest("/webhooks/app/uninstalled", { id: 1, domain: shop }, { shop, topic: "app/uninstalled" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");
    expect(Object.values(await countShopRecords(shop))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await countShopRecords(other)).toEqual(otherBefore);
  });

  it("is harmless when delivered again", async () => {
    const shop = await createFullShop();
    const deliver = () =>
      uninstalled({ request: webhookRequest("/webhooks/app/uninstalled", {}, { shop, topic: "app/uninstalled" }) });
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    expect(Object.values(await countShopRecords(shop))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("app/scopes_update", () => {
  it("stores the scopes from `current` on the shop's sessions", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const response = await scopesUpdate({
      request: webhookRequest(
        "/webhooks/app/scopes_update",
        {
          id: 1,
          previous: ["read_orders"],
          current: ["read_orders", "write_orders"],
          updated_at: "2026-11-22T00:00:00Z",
        },
        { shop, topic: "app/scopes_update" },
      ),
    });
    expect(response.status).toBe(200);
    expect((await prisma.session.findUnique({ where: { id: `offline_${shop}` } }))?.scope).toBe(
      "read_orders,write_orders",
    );
  });
});

describe("privacy webhooks", () => {
  it("shop/redact deletes everything held for the shop and nothing of another", async () => {
    const [shop, other] = [await createFullShop(), await createFullShop()];
    const response = await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        { shop_id: 1, shop_domain: shop },
        { shop, topic: "shop/redact" },
      ),
    });
    expect(response.status).toBe(200);
    expect(Object.values(await countShopRecords(shop))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await countShopRecords(other)).configurations).toBe(1);
  });

  it("customers/data_request records what was asked and what is held", async () => {
    const shop = shopDomain();
    const response = await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        {
          shop_id: 1,
          shop_domain: shop,
          orders_requested: [299938, 280263],
          customer: { id: 191167, email: "john@example.com", phone: "555-625-1199" },
          data_request: { id: 9999 },
        },
        { shop, topic: "customers/data_request" },
      ),
    });
    expect(response.status).toBe(200);
    const recorded = await prisma.privacyRequest.findFirstOrThrow({ where: { shop } });
    expect(recorded).toMatchObject({ topic: "customers/data_request", customerId: "191167" });
    expect(JSON.parse(recorded.summary)).toMatchObject({ ordersRequested: ["299938", "280263"] });
    expect(recorded.summary).not.toContain("john@example.com");
  });

  it("customers/redact answers 200", async () => {
    const shop = shopDomain();
    const response = await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        { shop_id: 1, shop_domain: shop, customer: { id: 191167, email: "john@example.com" }, orders_to_redact: [1] },
        { shop, topic: "customers/redact" },
      ),
    });
    expect(response.status).toBe(200);
  });

  it("refuses a topic the receiver does not take", async () => {
    const shop = shopDomain();
    const response = await compliance({
      request: webhookRequest("/webhooks/compliance", {}, { shop, topic: "orders/create" }),
    });
    expect(response.status).toBe(400);
  });
});
