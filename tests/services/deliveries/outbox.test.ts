import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { claimDeliveries, insertDelivery, settleLeased } from "~/services/deliveries/outbox.server";
import { createDelivery, shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const keys = {
  resourceId: "1",
  orderId: null,
  orderName: "#1",
  customerId: null,
  checkoutToken: null,
  cartToken: null,
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
    const id = await insertDelivery(input);
    expect(id).toEqual(expect.any(String));
    expect(await insertDelivery(input)).toBeNull();
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: id! } })).toMatchObject({
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

  it("claims only rows that are still due", async () => {
    const shop = shopDomain();
    const due = await createDelivery(shop, { nextAttemptAt: NOW });
    const later = await createDelivery(shop, { nextAttemptAt: new Date(NOW.getTime() + 1) });
    const taken = await createDelivery(shop, {
      status: "delivering",
      leaseOwner: "other",
      leaseExpiresAt: new Date(NOW.getTime() + 60_000),
    });
    const won = await claimDeliveries([due.id, later.id, taken.id], "mine", NOW, new Date(NOW.getTime() + 1000));
    expect(won).toBe(1);
    const rows = new Map((await prisma.delivery.findMany()).map((row) => [row.id, row]));
    expect(rows.get(due.id)).toMatchObject({ status: "delivering", leaseOwner: "mine", attempts: 1 });
    expect(rows.get(later.id)).toMatchObject({ status: "queued", leaseOwner: null });
    expect(rows.get(taken.id)).toMatchObject({ leaseOwner: "other" });
  });

  it("does not let a pass whose lease was taken over overwrite the new owner's row", async () => {
    const shop = shopDomain();
    const row = await createDelivery(shop, { status: "delivering", leaseOwner: "new-owner", attempts: 2 });
    const settled = await settleLeased(
      { id: row.id, leaseOwner: "old-owner" },
      { status: "dead", lastError: "x" },
      NOW,
    );
    expect(settled).toBe(false);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "delivering",
      leaseOwner: "new-owner",
      lastError: null,
    });
  });
});
