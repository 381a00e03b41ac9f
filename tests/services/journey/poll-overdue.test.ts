import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { recordCallbackJourney } from "~/services/journey/callback-fields.server";
import { pollSupplierOrders } from "~/services/journey/poll.server";
import { applyStatusEvents, insertStatusEvent } from "~/services/journey/record.server";
import { createConfiguration, shopDomain } from "../../helpers/factories";
import { mockSupplierOrderReads } from "../../mocks/supplier";
import { runDueJobs } from "../jobs/run-due";

// Polling asks for what the pushes missed, sized to the token's budget (docs/decisions/328).

const T0 = new Date("2026-11-27T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function shopWithToken(token: string) {
  const shop = shopDomain();
  await createConfiguration(shop, { supplierToken: token });
  return shop;
}

/** Servientrega parcels out for delivery since `since`, last polled at `polledAt` and due again at `nextPollAt`. */
async function outForDelivery(
  shop: string,
  ids: string[],
  times: { since: Date; polledAt?: Date; nextPollAt?: Date | null },
) {
  await prisma.supplierOrder.createMany({
    data: ids.map((supplierOrderId) => ({
      shop,
      supplierOrderId,
      carrier: "SERVIENTREGA",
      stage: "out_for_delivery",
      stageSince: times.since,
      lastEventAt: times.since,
      createdAt: times.since,
      lastPolledAt: times.polledAt ?? null,
      nextPollAt: times.nextPollAt ?? null,
    })),
  });
}

const ids = (from: number, count: number) => Array.from({ length: count }, (_, index) => String(from + index));

describe("polling for the pushes that look lost", () => {
  it("does not ask an order just heard of by push before the overdue ones, nor before its stage's pace", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-new");
    // Forty parcels out for delivery for two days (Servientrega usually takes one) and a poll that is late.
    await outForDelivery(shop, ids(1, 40), { since: at(-2 * DAY), polledAt: at(-DAY), nextPollAt: at(-HOUR) });
    await insertStatusEvent(shop, "push", { supplierOrderId: "9001", rawStatus: "GUIA_GENERADA" }, T0);
    await applyStatusEvents(shop, "9001", { now: T0 });

    await pollSupplierOrders(T0);
    expect(reads.calls).toHaveLength(30);
    expect(reads.calls.map((call) => call.id)).not.toContain("9001");
    // Its first poll comes when a label has waited longer than usual (two days) plus the margin.
    const fresh = await prisma.supplierOrder.findFirstOrThrow({ where: { shop, supplierOrderId: "9001" } });
    expect(fresh.nextPollAt).toEqual(at(2 * DAY + 6 * HOUR));
  });

  it("asks an order quiet past its carrier's pace before one that moved an hour ago", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-quiet");
    // The one that moved was due first under the old schedule (a recent move was asked every 15 minutes).
    await outForDelivery(shop, ["moved"], { since: at(-HOUR), polledAt: at(-3 * HOUR), nextPollAt: at(-2 * HOUR) });
    await outForDelivery(shop, ["quiet"], { since: at(-3 * DAY), polledAt: at(-DAY), nextPollAt: at(-MINUTE) });
    // 29 calls of the last minute are still in it: room for one.
    const calls = Array.from({ length: 29 }, () => T0.getTime() - 10 * SECOND);
    await prisma.supplierJourneySettings.create({ data: { shop, pollCalls: JSON.stringify(calls) } });

    await pollSupplierOrders(T0);
    expect(reads.calls.map((call) => call.id)).toEqual(["quiet"]);
    // The one that moved is given the time it looks late instead: a day out for delivery, plus the margin.
    const moved = await prisma.supplierOrder.findFirstOrThrow({ where: { shop, supplierOrderId: "moved" } });
    expect(moved.nextPollAt).toEqual(at(-HOUR + DAY + 6 * HOUR));
  });

  it("never asks an order again sooner than its token's open orders over the budget of an hour", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-many");
    // 9,000 open orders and 1,800 calls an hour: each order at most once every 5 hours.
    await outForDelivery(shop, ids(1, 9_000), { since: at(-3 * DAY), polledAt: at(-DAY), nextPollAt: at(-HOUR) });
    const stillOut = { status: "EN REPARTO", history: [{ status: "EN REPARTO", created_at: "2026-11-24 12:00:00" }] };
    for (const id of ids(1, 9_000)) reads.set("token-many", id, stillOut);
    await pollSupplierOrders(T0);
    const first = reads.calls.map((call) => call.id);
    expect(first).toHaveLength(30);
    const polled = await prisma.supplierOrder.findMany({ where: { shop, supplierOrderId: { in: first } } });
    for (const order of polled) {
      expect(order.nextPollAt!.getTime() - T0.getTime()).toBeGreaterThanOrEqual(5 * HOUR);
      expect(order.nextPollAt!.getTime() - T0.getTime()).toBeLessThanOrEqual(5.5 * HOUR);
    }
    // Runs over the next five hours ask other orders, never these again.
    for (let elapsed = HOUR; elapsed < 5 * HOUR; elapsed += HOUR) await pollSupplierOrders(at(elapsed));
    const again = reads.calls.slice(30).filter((call) => first.includes(call.id));
    expect(reads.calls.length).toBe(150);
    expect(again).toEqual([]);
  }, 120_000);

  it("asks an order known only from the callback once a day has passed with no status", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-callback");
    const order = await recordCallbackJourney(
      shop,
      { id: "gid://shopify/Order/1", name: "#1001" },
      {
        supplierOrderId: "7001",
      },
    );
    const seen = order!.createdAt.getTime();
    reads.set("token-callback", "7001", {
      status: "GUIA_GENERADA",
      history: [{ status: "GUIA_GENERADA", created_at: new Date(seen).toISOString().slice(0, 19).replace("T", " ") }],
    });
    await pollSupplierOrders(new Date(seen + HOUR));
    expect(reads.calls).toHaveLength(0);
    await pollSupplierOrders(new Date(seen + DAY + 6 * HOUR));
    expect(reads.calls.map((call) => call.id)).toEqual(["7001"]);
  });

  it("brings a polled status in through the order's journey-apply job, as a push does", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-apply");
    await outForDelivery(shop, ["8001"], { since: at(-2 * DAY) });
    reads.set("token-apply", "8001", {
      status: "ENTREGADO",
      history: [{ status: "ENTREGADO", created_at: "2026-11-27 09:00:00" }],
    });
    await pollSupplierOrders(T0);
    expect(reads.calls).toHaveLength(1);
    // Stored, not yet applied: the keyed job does it.
    expect(await prisma.supplierStatusEvent.count({ where: { shop, source: "poll", appliedAt: null } })).toBe(1);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({ stage: "out_for_delivery" });
    expect(await runDueJobs("journey-apply", T0)).toBe(1);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({ stage: "delivered" });
  });
});
