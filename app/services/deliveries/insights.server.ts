import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { env } from "../../env.server";
import type { InsightDayPoint, InsightWindow } from "../../lib/insights-types";
import { daysEndingWith, localDayOf, startOfLocalDay } from "../../lib/time-zone";
import { shopTimeZone } from "../shops/time-zone.server";

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
}

const isPostgres = () => !env().DATABASE_URL.startsWith("file:");

/** The shop's `days` last days ending today, and the first instant of each (its local midnight). */
export function windowDays(days: number, now: Date, timeZone: string) {
  const names = daysEndingWith(localDayOf(now, timeZone), days);
  return { names, starts: names.map((day) => startOfLocalDay(day, timeZone)) };
}

export async function deliveryInsights(shop: string, days: InsightWindow, now = new Date()): Promise<DeliveryInsights> {
  const timeZone = await shopTimeZone(shop, now);
  const window = windowDays(days, now, timeZone);
  const since = window.starts[0];
  const [series, flows, orderToTrigger] = await Promise.all([
    dailyCounts(shop, window),
    flowRates(shop, since),
    orderToTriggerTimes(shop, since),
  ]);
  return { days, timeZone, since: since.toISOString(), series, flows, orderToTrigger };
}

/** The index of the window's day an instant column falls in: a CASE over the days' first instants. */
function dayIndexOf(column: Prisma.Sql, starts: Date[]) {
  const whens = starts.slice(1).map((start, index) => Prisma.sql`WHEN ${column} < ${start} THEN ${index}`);
  return whens.length ? Prisma.sql`CASE ${Prisma.join(whens, " ")} ELSE ${starts.length - 1} END` : Prisma.sql`0`;
}

async function dailyCounts(shop: string, window: { names: string[]; starts: Date[] }): Promise<DayPoint[]> {
  const statuses = Object.values(INSIGHT_SERIES);
  const since = window.starts[0];
  const day = dayIndexOf(Prisma.sql`"createdAt"`, window.starts);
  const rows = await prisma.$queryRaw<{ day: number | bigint; status: string; n: bigint | number }[]>`
    SELECT ${day} AS day, "status", COUNT(*) AS n FROM "Delivery"
    WHERE "shop" = ${shop} AND "createdAt" >= ${since} AND NOT "test" AND "status" IN (${Prisma.join(statuses)})
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
  const [c1, c2] = CONFIRMED_CALLBACKS;
  const [f1, f2] = FAILED_CALLBACKS;
  const rows = await prisma.$queryRaw<{ flowId: string; triggered: bigint; confirmed: bigint; failed: bigint }[]>`
    SELECT "flowId", COUNT(*) AS triggered,
      SUM(CASE WHEN "callbackStatus" IN (${c1}, ${c2}) THEN 1 ELSE 0 END) AS confirmed,
      SUM(CASE WHEN "status" = 'flow_failed' OR "callbackStatus" IN (${f1}, ${f2}) THEN 1 ELSE 0 END) AS failed
    FROM "Delivery"
    WHERE "shop" = ${shop} AND "createdAt" >= ${since} AND NOT "test" AND "flowId" IS NOT NULL AND "deliveredAt" IS NOT NULL
    GROUP BY "flowId"
    ORDER BY 2 DESC`;
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

/**
 * p50 and p95 of webhook received -> trigger accepted, for orders (checkouts wait on purpose). A histogram of
 * two significant digits (groups like 1200-1299 ms) instead of sorting every row: one index scan, and each
 * percentile is the lower edge of its group, within 10 % (docs/decisions/111).
 */
async function orderToTriggerTimes(shop: string, since: Date) {
  const rows = isPostgres()
    ? await prisma.$queryRaw<{ digits: number; lead: number; n: bigint }[]>`
        SELECT length(ms::text) AS digits, CAST(substr(ms::text, 1, 2) AS INTEGER) AS lead, COUNT(*) AS n
        FROM (SELECT GREATEST(0, CAST(EXTRACT(EPOCH FROM ("deliveredAt" - "createdAt")) * 1000 AS BIGINT)) AS ms
          FROM "Delivery" WHERE "shop" = ${shop} AND "createdAt" >= ${since} AND NOT "test" AND "topic" = 'orders/create'
            AND "deliveredAt" IS NOT NULL) AS t
        GROUP BY 1, 2`
    : await prisma.$queryRaw<{ digits: number; lead: number; n: bigint }[]>`
        SELECT length(ms) AS digits, CAST(substr(ms, 1, 2) AS INTEGER) AS lead, COUNT(*) AS n
        FROM (SELECT CAST(max(0, round((julianday("deliveredAt") - julianday("createdAt")) * 86400000)) AS INTEGER) AS ms
          FROM "Delivery" WHERE "shop" = ${shop} AND "createdAt" >= ${since} AND NOT "test" AND "topic" = 'orders/create'
            AND "deliveredAt" IS NOT NULL)
        GROUP BY 1, 2`;
  return percentilesOf(
    rows.map((row) => ({ ms: groupLowerEdge(Number(row.digits), Number(row.lead)), n: Number(row.n) })),
  );
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
