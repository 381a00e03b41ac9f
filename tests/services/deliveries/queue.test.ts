import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { claimDue, completeDelivery, renewLeases } from "~/services/deliveries/queue.server";
import { createDelivery, shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe("the delivery queue", () => {
  it("claims only rows that are still due, up to the limit, with a token of its own", async () => {
    const shop = shopDomain();
    const due = await createDelivery(shop, { nextAttemptAt: NOW });
    const later = await createDelivery(shop, { nextAttemptAt: at(1) });
    const taken = await createDelivery(shop, { status: "delivering", leaseOwner: "other", leaseExpiresAt: at(60_000) });
    const claim = await claimDue({ owner: "mine", now: NOW, limit: 5, leaseMs: 1000 });
    expect(claim.deliveries.map((row) => row.id)).toEqual([due.id]);
    expect(claim.token).toMatch(/^mine:/);
    const rows = new Map((await prisma.delivery.findMany()).map((row) => [row.id, row]));
    expect(rows.get(due.id)).toMatchObject({ status: "delivering", leaseOwner: claim.token, attempts: 1 });
    expect(rows.get(due.id)!.leaseExpiresAt).toEqual(at(1000));
    expect(rows.get(later.id)).toMatchObject({ status: "queued", leaseOwner: null });
    expect(rows.get(taken.id)).toMatchObject({ leaseOwner: "other" });
  });

  it("claims no more than the free slots ask for, the oldest due first", async () => {
    const shop = shopDomain();
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await createDelivery(shop, { nextAttemptAt: at(-1000 + i) }));
    const claim = await claimDue({ owner: "mine", now: NOW, limit: 2, leaseMs: 1000 });
    expect(claim.deliveries.map((row) => row.id)).toEqual([rows[0].id, rows[1].id]);
    expect(await prisma.delivery.count({ where: { status: "queued" } })).toBe(3);
  });

  it("leaves a paused shop's delivery whose lease expired where it is, and takes over another shop's", async () => {
    const paused = shopDomain();
    const running = shopDomain();
    await prisma.automationPause.create({ data: { shop: paused } });
    const held = await createDelivery(paused, { status: "delivering", leaseOwner: "gone", leaseExpiresAt: at(-1000) });
    const abandoned = await createDelivery(running, {
      status: "delivering",
      leaseOwner: "gone",
      leaseExpiresAt: at(-1000),
    });
    const claim = await claimDue({ owner: "mine", now: NOW, limit: 5, leaseMs: 1000 });
    expect(claim.deliveries.map((row) => row.id)).toEqual([abandoned.id]);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "delivering",
      leaseOwner: "gone",
      attempts: 0,
    });
  });

  it("takes a paused shop's expired delivery once the merchant resumes", async () => {
    const shop = shopDomain();
    await prisma.automationPause.create({ data: { shop } });
    const held = await createDelivery(shop, { status: "delivering", leaseOwner: "gone", leaseExpiresAt: at(-1000) });
    expect((await claimDue({ owner: "mine", now: NOW, limit: 5, leaseMs: 1000 })).deliveries).toEqual([]);
    await prisma.automationPause.delete({ where: { shop } });
    const claim = await claimDue({ owner: "mine", now: NOW, limit: 5, leaseMs: 1000 });
    expect(claim.deliveries.map((row) => row.id)).toEqual([held.id]);
  });

  it("renews the lease of a claim still in flight, and not of rows another worker holds", async () => {
    const shop = shopDomain();
    await createDelivery(shop, { nextAttemptAt: NOW });
    const other = await createDelivery(shop, { status: "delivering", leaseOwner: "other", leaseExpiresAt: at(5) });
    const claim = await claimDue({ owner: "mine", now: NOW, limit: 1, leaseMs: 1000 });
    expect(await renewLeases([claim.token], at(30_000))).toBe(1);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: claim.deliveries[0].id } })).leaseExpiresAt).toEqual(
      at(30_000),
    );
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: other.id } })).leaseExpiresAt).toEqual(at(5));
  });

  it("does not let a claim whose lease was taken over overwrite the new owner's row", async () => {
    const shop = shopDomain();
    const row = await createDelivery(shop, { status: "delivering", leaseOwner: "new-owner", attempts: 2 });
    const settled = await completeDelivery(
      { id: row.id, leaseOwner: "old-owner" },
      { flowId: "f", attemptLog: "[]" },
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
