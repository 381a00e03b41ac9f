import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import type { InsightDayPoint, InsightWindow } from "../../lib/insights-types";
import { daysEndingWith, localDayOf, startOfLocalDay } from "../../lib/time-zone";
import { shopTimeZone } from "../shops/time-zone.server";
import { bucketOf, shopCounts } from "./insight-counts.server";
import { reportStore } from "./report-store";

/**
 * Delivery insights for one shop (docs/decisions/111, 201): deliveries per day of the shop's own time zone by outcome, the confirmation rate
 * of each flow, and the time from an order's webhook to its accepted trigger. Three aggregate statements over
 * the (shop, createdAt, status, topic, flowId, deliveredAt, callbackStatus, test) index: no row is read. Test
 * orders (the loop test's, the platform's test orders) are left out (docs/decisions/151).
 */

export { INSIGHT_WINDOWS, type InsightWindow } from "../../lib/insights-types";

/** The chart's series and the statuses they count; `flow_failed` is the callback reporting a failed flow. */
export const INSIGHT_SERIES = {
  delivered: "delivered",
  retrying: "retrying",
  failed: "dead",
  flowFailed: "flow_failed",
};
export type InsightSeries = keyof typeof INSIGHT_SERIES;
const SERIES_BY_STATUS = Object.fromEntries(Object.entries(INSIGHT_SERIES).map(([series, status]) => [status, series]));

/** Callback statuses that mean the buyer confirmed (the spec's status map: success, completed). */
export const CONFIRMED_CALLBACKS = ["success", "completed"];
/** Callback statuses that mean the flow failed. */
export const FAILED_CALLBACKS = ["error", "failed"];

export type DayPoint = InsightDayPoint;

export interface FlowInsight {
  flowId: string;
  triggered: number;
  confirmed: number;
  failed: number;
  /** confirmed / triggered, 0..1 (null when nothing was triggered). */
  confirmationRate: number | null;
}

export interface DeliveryInsights {
  days: InsightWindow;
  /** The shop's IANA time zone: the days start at its midnight. */
  timeZone: string;
  since: string;
  series: DayPoint[];
  flows: FlowInsight[];
  orderToTrigger: { count: number; p50Ms: number | null; p95Ms: number | null };
  /** Orders the reconciliation sweep queued in the window: their webhook never came (docs/decisions/221). */
  recovered: number;
}

/** The shop's `days` last days ending today, and the first instant of each (its local midnight). */
export function windowDays(days: number, now: Date, timeZone: string) {
  const names = daysEndingWith(localDayOf(now, timeZone), days);
  return { names, starts: names.map((day) => startOfLocalDay(day, timeZone)) };
}

export async function deliveryInsights(shop: string, days: InsightWindow, now = new Date()): Promise<DeliveryInsights> {
  const timeZone = await shopTimeZone(shop, now);
  const window = windowDays(days, now, timeZone);
  const since = window.starts[0];
  const [series, flows, orderToTrigger, recovered] = await Promise.all([
    dailyCounts(shop, window),
    flowRates(shop, since),
    orderToTriggerTimes(shop, since),
    prisma.orderFlag.count({ where: { shop, kind: "recovered", createdAt: { gte: since } } }),
  ]);
  return { days, timeZone, since: since.toISOString(), series, flows, orderToTrigger, recovered };
}

/** The index of the window's day a column falls in: a CASE over the days' first instants (or buckets). */
function dayIndexOf(column: Prisma.Sql, starts: (Date | number)[]) {
  const whens = starts.slice(1).map((start, index) => Prisma.sql`WHEN ${column} < ${start} THEN ${index}`);
  return whens.length ? Prisma.sql`CASE ${Prisma.join(whens, " ")} ELSE ${starts.length - 1} END` : Prisma.sql`0`;
}

async function dailyCounts(shop: string, window: { names: string[]; starts: Date[] }): Promise<DayPoint[]> {
  const statuses = Object.values(INSIGHT_SERIES);
  const buckets = window.starts.map(bucketOf);
  const day = dayIndexOf(Prisma.sql`"bucket"`, buckets);
  const rows = await prisma.$queryRaw<{ day: number | bigint | string; status: string; n: bigint | number }[]>`
    SELECT ${day} AS day, "status", SUM("n") AS n FROM ${shopCounts(shop, buckets[0])} AS "counts"
    WHERE "status" IN (${Prisma.join(statuses)})
    GROUP BY 1, 2`;
  const points = window.names.map((name) => ({ day: name, delivered: 0, retrying: 0, failed: 0, flowFailed: 0 }));
  for (const row of rows) {
    const point = points[Number(row.day)];
    const series = SERIES_BY_STATUS[row.status] as InsightSeries | undefined;
    if (point && series) point[series] += Number(row.n);
  }
  return points;
}

async function flowRates(shop: string, since: Date): Promise<FlowInsight[]> {
  const rows = await prisma.$queryRaw<{ flowId: string; triggered: bigint; confirmed: bigint; failed: bigint }[]>`
    SELECT "flowId", SUM("n") AS triggered,
      SUM(CASE WHEN "callback" = 'confirmed' THEN "n" ELSE 0 END) AS confirmed,
      SUM(CASE WHEN "status" = 'flow_failed' OR "callback" = 'failed' THEN "n" ELSE 0 END) AS failed
    FROM ${shopCounts(shop, bucketOf(since))} AS "counts"
    WHERE "delivered" AND "flowId" <> ''
    GROUP BY "flowId"
    HAVING SUM("n") > 0
    ORDER BY 2 DESC, 1`;
  return rows.map((row) => {
    const triggered = Number(row.triggered);
    const confirmed = Number(row.confirmed ?? 0);
    return {
      flowId: row.flowId,
      triggered,
      confirmed,
      failed: Number(row.failed ?? 0),
      confirmationRate: triggered ? confirmed / triggered : null,
    };
  });
}

/** The order-to-trigger percentiles are read from this many of the window's latest orders. */
export const TIMING_SAMPLE = 5000;

/**
 * p50 and p95 of webhook received -> trigger accepted, for orders (checkouts wait on purpose), over the window's
 * latest TIMING_SAMPLE orders (a backward walk of the insights index, however busy the shop), in a histogram of
 * two significant digits: each percentile is the lower edge of its group, within 10 % (docs/decisions/111, 201).
 * The count is every order of the window, from the counts.
 */
async function orderToTriggerTimes(shop: string, since: Date) {
  const [rows, [total]] = await Promise.all([
    reportStore().orderToTriggerGroups(shop, since, TIMING_SAMPLE),
    prisma.$queryRaw<{ n: bigint | number | null }[]>`
      SELECT SUM("n") AS n FROM ${shopCounts(shop, bucketOf(since))} AS "counts"
      WHERE "topic" = 'orders/create' AND "delivered"`,
  ]);
  const sampled = percentilesOf(rows.map((row) => ({ ms: groupLowerEdge(row.digits, row.lead), n: row.n })));
  return { ...sampled, count: Number(total?.n ?? 0) };
}

/** 3 digits led by 12 is 120 ms; 1 digit led by 7 is 7 ms. */
export function groupLowerEdge(digits: number, lead: number) {
  return digits <= 2 ? lead : lead * 10 ** (digits - 2);
}

export function percentilesOf(groups: { ms: number; n: number }[]) {
  const sorted = [...groups].sort((a, b) => a.ms - b.ms);
  const count = sorted.reduce((sum, group) => sum + group.n, 0);
  const at = (p: number) => {
    if (!count) return null;
    const rank = Math.max(1, Math.ceil(p * count));
    let seen = 0;
    for (const group of sorted) {
      seen += group.n;
      if (seen >= rank) return group.ms;
    }
    return sorted[sorted.length - 1].ms;
  };
  return { count, p50Ms: at(0.5), p95Ms: at(0.95) };
}
