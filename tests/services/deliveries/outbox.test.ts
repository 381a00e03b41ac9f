import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { insertDelivery } from "~/services/deliveries/outbox.server";
import { createSession, shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const keys = {
  resourceId: "1",
  orderId: null,
  orderName: "#1",
  customerId: null,
  checkoutToken: null,
  cartToken: null,
  test: false,
  searchKey: null,
};

describe("outbox statements", () => {
  it("inserts a row Prisma reads back with every default, and ignores the same event again", async () => {
    const shop = shopDomain();
    const input = {
      shop,
      topic: "orders/create",
      eventId: "event:x",
      keys,
      payload: "{}",
      nextAttemptAt: NOW,
      receivedAt: NOW,
    };
    await createSession(shop);
    const first = await insertDelivery(input);
    if (!first.inserted) throw new Error(`not inserted: ${first.reason}`);
    expect(await insertDelivery(input)).toEqual({ inserted: false, reason: "duplicate" });
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "queued",
      attempts: 0,
      nextAttemptAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
      attemptLog: "[]",
      tagsApplied: "[]",
      leaseOwner: null,
    });
  });

  it("inserts a received delivery only while the shop is installed, in one statement, and tells a repeat apart", async () => {
    const shop = shopDomain();
    const input = {
      shop,
      topic: "orders/create",
      eventId: "event:y",
      keys: { ...keys, resourceId: "2", test: true },
      payload: "{}",
      nextAttemptAt: NOW,
      receivedAt: NOW,
    };
    expect(await insertDelivery(input)).toEqual({ inserted: false, reason: "not_installed" });
    expect(await prisma.delivery.count({ where: { shop } })).toBe(0);

    await createSession(shop);
    const first = await insertDelivery(input);
    expect(first).toEqual({ inserted: true, id: expect.any(String) });
    expect(await insertDelivery(input)).toEqual({ inserted: false, reason: "duplicate" });
    const id = first.inserted ? first.id : "";
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "queued",
      attempts: 0,
      nextAttemptAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
      test: true,
      attemptLog: "[]",
      tagsApplied: "[]",
    });
  });
});
