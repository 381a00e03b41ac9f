import type { Delivery } from "@prisma/client";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { localDayOf } from "~/lib/time-zone";
import { foldInsightCountChanges } from "~/services/deliveries/insight-counts.server";
import { CONFIRMED_CALLBACKS, deliveryInsights, FAILED_CALLBACKS } from "~/services/deliveries/insights.server";
import { retryAllFailed } from "~/services/deliveries/operations.server";
import { deliveryPayloads, purgeExpiredPayloads } from "~/services/deliveries/retention.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { deleteShopData } from "~/services/shops/lifecycle.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { server } from "../../mocks/server";

const SERIES: Record<string, "delivered" | "retrying" | "failed" | "flowFailed"> = {
  delivered: "delivered",
  retrying: "retrying",
  dead: "failed",
  flow_failed: "flowFailed",
};

/** The figures as the rows themselves give them: what the counts must always equal. */
function fromRows(rows: Delivery[], days: string[], since: Date, timeZone: string) {
  const inWindow = rows.filter((row) => !row.test && row.createdAt >= since);
  const series = days.map((day) => ({ day, delivered: 0, retrying: 0, failed: 0, flowFailed: 0 }));
  for (const row of inWindow) {
    const point = series.find((p) => p.day === localDayOf(row.createdAt, timeZone));
    if (point && SERIES[row.status]) point[SERIES[row.status]]++;
  }
  const flows = new Map<string, { triggered: number; confirmed: number; failed: number }>();
  for (const row of inWindow.filter((r) => r.flowId && r.deliveredAt)) {
    const flow = flows.get(row.flowId!) ?? { triggered: 0, confirmed: 0, failed: 0 };
    flow.triggered++;
    if (CONFIRMED_CALLBACKS.includes(row.callbackStatus ?? "")) flow.confirmed++;
    if (row.status === "flow_failed" || FAILED_CALLBACKS.includes(row.callbackStatus ?? "")) flow.failed++;
    flows.set(row.flowId!, flow);
  }
  const orders = inWindow.filter((row) => row.topic === "orders/create" && row.deliveredAt).length;
  return {
    series,
    flows: [...flows.entries()]
      .map(([flowId, flow]) => ({ flowId, ...flow }))
      .sort((a, b) => b.triggered - a.triggered || a.flowId.localeCompare(b.flowId)),
    orders,
  };
}

async function expectExact(shop: string, now: Date) {
  const insights = await deliveryInsights(shop, 7, now);
  const rows = await prisma.delivery.findMany({ where: { shop } });
  const truth = fromRows(
    rows,
    insights.series.map((point) => point.day),
    new Date(insights.since),
    insights.timeZone,
  );
  expect(insights.series).toEqual(truth.series);
  expect(
    insights.flows.map(({ flowId, triggered, confirmed, failed }) => ({ flowId, triggered, confirmed, failed })),
  ).toEqual(truth.flows);
  expect(insights.orderToTrigger.count).toBe(truth.orders);
  return insights;
}

describe("the insights' counts", () => {
  it("stay exact through the worker's attempts, retries, callbacks, bulk retry, redaction and folding", async () => {
    const shop = await createAutomatedShop();
    await storeShopTimeZone(shop, "America/Bogota");
    const now = new Date();
    const calls: TriggerCall[] = [];
    // The second trigger fails (the order is retried), every other is accepted.
    server.use(
      triggerHandler(calls, [() => HttpResponse.json({ ok: true }), () => HttpResponse.json({}, { status: 500 })]),
    );

    const evening = new Date(now.getTime() - 2 * 86_400_000);
    await createDelivery(shop, { createdAt: evening, nextAttemptAt: evening, order: restOrder({ id: 1, name: "#1" }) });
    await createDelivery(shop, { createdAt: evening, nextAttemptAt: evening, order: restOrder({ id: 2, name: "#2" }) });
    await createDelivery(shop, { test: true, order: restOrder({ id: 3, name: "#3" }) });
    await createDelivery(shop, { status: "dead", flowId: "f_101", createdAt: new Date(now.getTime() - 86_400_000) });
    await expectExact(shop, now);

    await runDeliveryPass({ now: () => now });
    const statuses = (await prisma.delivery.findMany({ where: { shop } })).map((row) => row.status).sort();
    expect(statuses).toContain("retrying");
    expect(statuses).toContain("delivered");
    await expectExact(shop, now);
    expect(await foldInsightCountChanges()).toBeGreaterThan(0);
    await expectExact(shop, now);

    // The callback's outcome moves a delivered order between a flow's columns.
    const delivered = await prisma.delivery.findFirstOrThrow({ where: { shop, status: "delivered", test: false } });
    await prisma.delivery.update({ where: { id: delivered.id }, data: { callbackStatus: "success" } });
    await expectExact(shop, now);
    await prisma.delivery.update({
      where: { id: delivered.id },
      data: { status: "flow_failed", callbackStatus: "failed" },
    });
    await expectExact(shop, now);

    // The merchant sends the failed one again; the worker delivers it.
    await retryAllFailed(shop, now);
    await expectExact(shop, now);
    await runDeliveryPass({ now: () => new Date(now.getTime() + 3_600_000) });
    const insights = await expectExact(shop, now);
    expect(insights.series.reduce((sum, p) => sum + p.delivered + p.retrying + p.failed + p.flowFailed, 0)).toBe(3);

    // Redaction and retention clear payloads, not the record: the counts stay.
    await deliveryPayloads.redact(shop, { id: null, email: "ana@example.test", phone: null, orderIds: [] });
    await purgeExpiredPayloads(new Date(now.getTime() + 400 * 86_400_000));
    await foldInsightCountChanges();
    expect((await expectExact(shop, now)).series).toEqual(insights.series);
  });

  it("leave nothing behind when the shop's data is deleted", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { status: "delivered", deliveredAt: new Date(), flowId: "f_101" });
    await foldInsightCountChanges();
    await createDelivery(shop, { status: "dead" });
    await deleteShopData(shop);
    expect(await prisma.insightCount.count({ where: { shop } })).toBe(0);
    expect(await prisma.insightCountChange.count({ where: { shop } })).toBe(0);
  });

  it("are the same whether or not the changes were folded, for another shop too", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    const now = new Date();
    for (const status of ["delivered", "dead", "retrying", "flow_failed", "queued"]) {
      await createDelivery(shop, { status, flowId: "f_101", deliveredAt: status === "delivered" ? now : null });
      await createDelivery(other, { status });
    }
    const before = await expectExact(shop, now);
    // In steps of two changes, as a backlog is folded.
    const appended = await prisma.insightCountChange.count();
    expect(appended).toBeGreaterThan(2);
    expect(await foldInsightCountChanges(2)).toBe(appended);
    const after = await expectExact(shop, now);
    expect(after).toEqual(before);
    expect(await prisma.insightCountChange.count()).toBe(0);
    await expectExact(other, now);
  });
});
