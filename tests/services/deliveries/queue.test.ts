import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { claimDue } from "~/services/deliveries/queue.server";
import { createDelivery, shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

// The statements under the queue (the pause rule, leases, outcome writes) are pinned on both engines by
// store-contract.test.ts; this file covers what claimDue adds: the token and the due order of what it hands out.
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
});
