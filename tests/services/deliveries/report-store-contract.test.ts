import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { reportStore } from "~/services/deliveries/report-store";
import { searchTerms } from "~/services/deliveries/search.server";
import { outcomeInsights } from "~/services/outcomes/insights.server";
import { ordersWithOutcome } from "~/services/outcomes/log-filter.server";
import { onPostgres } from "../../helpers/db";
import { createAutomatedShop, shopDomain } from "../../helpers/factories";
import { ANSWERS_NOW, ANSWERS_PERIOD, seedAnswerOrders } from "../outcomes/seed-answers";

/*
 * The reports' store, one contract for both engines: this file runs on SQLite by default and on PostgreSQL in
 * `npx tsx scripts/test-postgres.ts --unit tests/services/deliveries/report-store-contract.test.ts`. Every case
 * and assertion is the same on both.
 */

const START = Date.UTC(2026, 10, 1);
const at = (minutes: number) => new Date(START + minutes * 60_000);
const store = () => reportStore();

interface Row {
  key: string;
  minute: number;
  status?: string;
  orderName?: string;
  searchKey?: string;
  topic?: string;
  test?: boolean;
  deliveredAfterMs?: number | null;
  flowId?: string;
}

/** Deliveries of `shop` written as the worker leaves them, the n-th `minute` minutes after START. */
async function deliveries(shop: string, rows: Row[]) {
  await prisma.delivery.createMany({
    data: rows.map((row) => ({
      id: `${shop}-${row.key}`,
      shop,
      topic: row.topic ?? "orders/create",
      eventId: `${shop}-${row.key}`,
      orderName: row.orderName ?? `#${row.key}`,
      status: row.status ?? "delivered",
      nextAttemptAt: at(row.minute),
      payload: "{}",
      searchKey: row.searchKey ?? null,
      test: row.test ?? false,
      flowId: row.flowId ?? "f_101",
      createdAt: at(row.minute),
      deliveredAt:
        row.deliveredAfterMs === null || row.deliveredAfterMs === undefined
          ? null
          : new Date(at(row.minute).getTime() + row.deliveredAfterMs),
    })),
  });
}

const counted = async (shop: string) =>
  (
    await prisma.insightCount.findMany({
      where: { shop },
      select: { status: true, flowId: true, delivered: true, n: true },
      orderBy: [{ status: "asc" }, { delivered: "asc" }],
    })
  ).filter((count) => count.n !== 0);

describe(`the reports' store on ${onPostgres() ? "PostgreSQL" : "SQLite"}`, () => {
  describe("folding the insights' count changes", () => {
    it("adds the changes up to the given id to the counts and deletes exactly those, the later ones waiting", async () => {
      const shop = await createAutomatedShop();
      await deliveries(shop, [
        { key: "a", minute: 0, deliveredAfterMs: 100 },
        { key: "b", minute: 1, deliveredAfterMs: 100 },
        { key: "c", minute: 2, status: "dead" },
      ]);
      const changes = await prisma.insightCountChange.findMany({ orderBy: { id: "asc" } });
      expect(changes.length).toBe(3);

      expect(await store().foldCountChanges(Number(changes[1].id))).toBe(2);
      expect(await counted(shop)).toEqual([{ status: "delivered", flowId: "f_101", delivered: true, n: 2 }]);
      expect((await prisma.insightCountChange.findMany()).map((change) => change.id)).toEqual([changes[2].id]);

      // A later change of a key already counted is added to its count.
      await deliveries(shop, [{ key: "d", minute: 3, deliveredAfterMs: 100 }]);
      const last = await prisma.insightCountChange.findFirstOrThrow({ orderBy: { id: "desc" } });
      expect(await store().foldCountChanges(Number(last.id))).toBe(2);
      expect(await counted(shop)).toEqual([
        { status: "dead", flowId: "f_101", delivered: false, n: 1 },
        { status: "delivered", flowId: "f_101", delivered: true, n: 3 },
      ]);
      expect(await prisma.insightCountChange.count()).toBe(0);
      expect(await store().foldCountChanges(Number(last.id))).toBe(0);
    });
  });

  describe("the order-to-trigger times", () => {
    it("groups the window's delivered orders by two significant digits, leaving out tests, checkouts and the rest", async () => {
      const shop = await createAutomatedShop();
      const other = await createAutomatedShop();
      await deliveries(shop, [
        { key: "seven", minute: 10, deliveredAfterMs: 7 },
        { key: "fast", minute: 11, deliveredAfterMs: 123 },
        { key: "fast2", minute: 12, deliveredAfterMs: 129 },
        { key: "slow", minute: 13, deliveredAfterMs: 45_678 },
        // A clock step back reads as no time at all.
        { key: "back", minute: 14, deliveredAfterMs: -500 },
        { key: "test", minute: 15, deliveredAfterMs: 5, test: true },
        { key: "checkout", minute: 16, deliveredAfterMs: 5, topic: "checkouts/create" },
        { key: "waiting", minute: 17, status: "queued", deliveredAfterMs: null },
        { key: "before", minute: 1, deliveredAfterMs: 5 },
      ]);
      await deliveries(other, [{ key: "x", minute: 20, deliveredAfterMs: 5 }]);
      const groups = await store().orderToTriggerGroups(shop, at(10), 100);
      const sorted = [...groups].sort((a, b) => a.digits - b.digits || a.lead - b.lead);
      expect(sorted).toEqual([
        { digits: 1, lead: 0, n: 1 },
        { digits: 1, lead: 7, n: 1 },
        { digits: 3, lead: 12, n: 2 },
        { digits: 5, lead: 45, n: 1 },
      ]);
    });

    it("reads only the latest `sample` orders", async () => {
      const shop = await createAutomatedShop();
      await deliveries(shop, [
        { key: "old", minute: 0, deliveredAfterMs: 9 },
        { key: "new", minute: 1, deliveredAfterMs: 80 },
        { key: "newest", minute: 2, deliveredAfterMs: 3_000 },
      ]);
      const groups = await store().orderToTriggerGroups(shop, at(0), 2);
      expect([...groups].sort((a, b) => a.digits - b.digits)).toEqual([
        { digits: 2, lead: 80, n: 1 },
        { digits: 4, lead: 30, n: 1 },
      ]);
    });
  });

  describe("a search's page of ids", () => {
    const page = (n: number, pageSize = 3) => ({ page: n, pageSize });

    it("finds by the order's name, with or without its #, and by every part of the buyer's key, newest first", async () => {
      const shop = await createAutomatedShop();
      const other = await createAutomatedShop();
      await deliveries(shop, [
        { key: "1", minute: 1, orderName: "#1001", searchKey: "ana perez | 573001112233" },
        { key: "2", minute: 2, orderName: "#1002", searchKey: "ana maria lopez | 573004445566", status: "dead" },
        { key: "3", minute: 3, orderName: "#1003", searchKey: "luis perez | 573007778899" },
        { key: "4", minute: 4, orderName: "#1004", searchKey: "ana perez | 573001112233" },
      ]);
      await deliveries(other, [{ key: "1", minute: 5, orderName: "#1001", searchKey: "ana perez | 573001112233" }]);
      const id = (key: string) => `${shop}-${key}`;

      expect(await store().searchDeliveryIds(shop, searchTerms("1001"), undefined, page(1))).toEqual({
        ids: [id("1")],
        total: 1,
      });
      expect(await store().searchDeliveryIds(shop, searchTerms("ana perez"), undefined, page(1))).toEqual({
        ids: [id("4"), id("1")],
        total: 2,
      });
      expect(await store().searchDeliveryIds(shop, searchTerms("perez"), undefined, page(1, 2))).toEqual({
        ids: [id("4"), id("3")],
        total: 3,
      });
      expect(await store().searchDeliveryIds(shop, searchTerms("perez"), undefined, page(2, 2))).toEqual({
        ids: [id("1")],
        total: 3,
      });
      expect(await store().searchDeliveryIds(shop, searchTerms("ana"), "dead", page(1))).toEqual({
        ids: [id("2")],
        total: 1,
      });
      expect(await store().searchDeliveryIds(shop, searchTerms("+57 300 111 2233"), undefined, page(1))).toEqual({
        ids: [id("4"), id("1")],
        total: 2,
      });
      expect(await store().searchDeliveryIds(shop, searchTerms("nadie"), undefined, page(1))).toEqual({
        ids: [],
        total: 0,
      });
    });

    it("takes % and _ literally", async () => {
      const shop = await createAutomatedShop();
      await deliveries(shop, [
        { key: "1", minute: 1, searchKey: "ana perez | 573001112233" },
        { key: "2", minute: 2, searchKey: "100% algodon | 573001112233" },
      ]);
      for (const q of ["a_a", "pe%ez"]) {
        expect((await store().searchDeliveryIds(shop, searchTerms(q), undefined, page(1))).total).toBe(0);
      }
      for (const q of ["%", "100%"]) {
        expect(await store().searchDeliveryIds(shop, searchTerms(q), undefined, page(1))).toEqual({
          ids: [`${shop}-2`],
          total: 1,
        });
      }
    });

    it("pages more matches than a sort's worth newest first, with and without a status", async () => {
      const shop = await createAutomatedShop();
      const many = Array.from({ length: 1_050 }, (_, n) => ({
        key: String(n).padStart(4, "0"),
        minute: n,
        searchKey: "maria ramirez | 573001112233",
        status: n % 2 ? "delivered" : "dead",
      }));
      await deliveries(shop, many);
      const found = await store().searchDeliveryIds(shop, searchTerms("ramirez"), undefined, page(2));
      expect(found).toEqual({ ids: ["1046", "1045", "1044"].map((key) => `${shop}-${key}`), total: 1_050 });
      const dead = await store().searchDeliveryIds(shop, searchTerms("ramirez"), "dead", page(1));
      expect(dead).toEqual({ ids: ["1048", "1046", "1044"].map((key) => `${shop}-${key}`), total: 525 });
    });
  });

  /*
   * The outcomes' reads (docs/decisions/332, 340) are one SQL on both engines, kept with their service; held here
   * to the same answers on one seeded set, counted by hand in tests/services/outcomes/seed-answers.ts.
   */
  describe("the outcomes' reads", () => {
    async function seededShops() {
      const shop = shopDomain();
      const other = shopDomain();
      const { orderIds } = await seedAnswerOrders(shop);
      // The same orders in another shop: a read that strays doubles every figure.
      await seedAnswerOrders(other);
      return { shop, orderIds };
    }

    it("sums the period's days, cut at the shop's midnight, and its tables from OutcomeCount", async () => {
      const { shop } = await seededShops();
      const insights = await outcomeInsights(shop, ANSWERS_PERIOD, ANSWERS_NOW);
      // Orders 1, 2, 3, 4, 5, 6 and 9 (9 arrived at 23:30 on the 28th in Bogotá, the 29th in UTC; 10 at 23:30
      // on the 25th; 7 is a test order). Delivered: 1, 3, 5, 9; returned: 2, 4; incident open: 6.
      expect(insights.totals).toEqual({
        orders: 7,
        confirmed: 6,
        shipped: 7,
        onTheWay: 0,
        delivered: 4,
        returned: 2,
        incident: 1,
        valueDelivered: 31_000_000,
        valueReturned: 7_000_000,
      });
      expect(insights.days.map((day) => [day.day, day.orders, day.delivered, day.returned])).toEqual([
        ["2026-11-26", 2, 1, 1],
        ["2026-11-27", 2, 1, 1],
        ["2026-11-28", 3, 2, 0],
      ]);
      // Named as first written each day ("Bogotá" before "BOGOTA" on the 26th), the least of the days' names in
      // byte order on both engines (the test cluster's collation is C).
      expect(insights.tables.city.map((row) => [row.key, row.label, row.sums.orders, row.sums.returned])).toEqual([
        ["cali", "Cali", 3, 1],
        ["bogota", "Bogotá", 2, 1],
        ["medellin", "Medellín", 2, 0],
      ]);
      expect(insights.tables.answer.map((row) => [row.key, row.sums.orders, row.sums.delivered])).toEqual([
        ["confirmed", 6, 3],
        ["incident_new_date", 3, 1],
        ["", 1, 1],
        ["incident_new_address", 1, 1],
        ["incident_office_pickup", 1, 1],
        ["incident_refused", 1, 0],
      ]);
      // The shop's 25th holds order 10 alone; its 29th has nothing yet.
      const day = async (date: string) =>
        (await outcomeInsights(shop, { from: date, to: date }, ANSWERS_NOW)).totals.orders;
      expect([await day("2026-11-25"), await day("2026-11-29")]).toEqual([1, 0]);
    });

    it("lists exactly the orders behind a figure for the log", async () => {
      const { shop, orderIds } = await seededShops();
      const orders = async (filter: Parameters<typeof ordersWithOutcome>[1]) =>
        (await ordersWithOutcome(shop, filter)).sort();
      const period = { ...ANSWERS_PERIOD, key: "" };
      expect(await orders({ dimension: "all", measure: "delivered", ...period })).toEqual(
        orderIds([1, 3, 5, 9]).sort(),
      );
      const the28th = { from: "2026-11-28", to: "2026-11-28" };
      expect(await orders({ dimension: "all", key: "", measure: "delivered", ...the28th })).toEqual(
        orderIds([5, 9]).sort(),
      );
      const the25th = { from: "2026-11-25", to: "2026-11-25" };
      expect(await orders({ dimension: "all", key: "", measure: "orders", ...the25th })).toEqual(orderIds([10]));
      expect(
        await orders({ dimension: "answer", key: "incident_new_date", measure: "orders", ...ANSWERS_PERIOD }),
      ).toEqual(orderIds([1, 4, 6]).sort());
      expect(await orders({ dimension: "city", key: "cali", measure: "returned", ...ANSWERS_PERIOD })).toEqual(
        orderIds([4]),
      );
      expect(await orders({ dimension: "city", key: "lima", measure: "orders", ...ANSWERS_PERIOD })).toEqual([]);
    });
  });
});
