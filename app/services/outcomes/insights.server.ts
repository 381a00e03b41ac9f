import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { EMPTY_SUMS, OUTCOME_DIMENSIONS, type OutcomeDimension, type OutcomeSums } from "../../lib/outcomes";
import { addDays, daysEndingWith, localDayOf } from "../../lib/time-zone";
import { shopTimeZone } from "../shops/time-zone.server";
import { returnFreightOf } from "./freight.server";

/**
 * Where the merchant's money goes (docs/decisions/332): the shop's orders of a period of its own days, from the
 * order to the buyer's confirmation, the carrier, the door and back, by day and by product, place, carrier, flow
 * and answer, with the value delivered, the value returned and what the returns cost in freight. One statement
 * over the per-day sums the projection keeps (OutcomeCount), never the orders.
 */

export interface OutcomeRow {
  key: string;
  /** The key's name as the merchant wrote it (the first spelling seen). */
  label: string;
  sums: OutcomeSums;
}

export interface OutcomePeriod {
  from: string;
  to: string;
}

export interface OutcomeInsights extends OutcomePeriod {
  timeZone: string;
  currency: string | null;
  totals: OutcomeSums;
  days: ({ day: string } & OutcomeSums)[];
  tables: Record<OutcomeDimension, OutcomeRow[]>;
  freight: Awaited<ReturnType<typeof returnFreightOf>>;
}

/** The longest period one page reads: a quarter. */
export const MAX_PERIOD_DAYS = 92;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period the URL asks for, within the shop's days: the last 7 by default, at most MAX_PERIOD_DAYS long. */
export function outcomePeriod(asked: { from?: string | null; to?: string | null; days?: number }, today: string) {
  const days = Math.min(MAX_PERIOD_DAYS, Math.max(1, asked.days ?? 7));
  const to = asked.to && DAY.test(asked.to) && asked.to <= today ? asked.to : today;
  const earliest = addDays(to, -(MAX_PERIOD_DAYS - 1));
  const from = asked.from && DAY.test(asked.from) && asked.from <= to ? asked.from : addDays(to, -(days - 1));
  return { from: from < earliest ? earliest : from, to };
}

type SumRow = { dimension: string; day: string; key: string; label: string } & Record<keyof OutcomeSums, unknown>;

export async function outcomeInsights(
  shop: string,
  asked: { from?: string | null; to?: string | null; days?: number },
  now = new Date(),
): Promise<OutcomeInsights> {
  const timeZone = await shopTimeZone(shop, now);
  const { from, to } = outcomePeriod(asked, localDayOf(now, timeZone));
  const [rows, currency] = await Promise.all([
    prisma.$queryRaw<SumRow[]>`
      SELECT "dimension", CASE WHEN "dimension" = 'all' THEN "day" ELSE '' END AS "day", "key", MIN("label") AS "label",
        SUM("orders") AS "orders", SUM("confirmed") AS "confirmed", SUM("shipped") AS "shipped",
        SUM("onTheWay") AS "onTheWay", SUM("delivered") AS "delivered", SUM("returned") AS "returned",
        SUM("incident") AS "incident", SUM("valueDelivered") AS "valueDelivered",
        SUM("valueReturned") AS "valueReturned"
      FROM "OutcomeCount"
      WHERE "shop" = ${shop} AND "dimension" IN (${Prisma.join(["all", ...OUTCOME_DIMENSIONS])})
        AND "day" >= ${from} AND "day" <= ${to}
      GROUP BY 1, 2, 3`,
    prisma.orderOutcome.findFirst({ where: { shop, currency: { not: "" } }, select: { currency: true } }),
  ]);
  const tables = Object.fromEntries(OUTCOME_DIMENSIONS.map((dimension) => [dimension, [] as OutcomeRow[]])) as Record<
    OutcomeDimension,
    OutcomeRow[]
  >;
  const byDay = new Map<string, OutcomeSums>();
  for (const row of rows) {
    const sums = sumsOf(row);
    if (!sums.orders) continue;
    if (row.dimension === "all") byDay.set(row.day, sums);
    else tables[row.dimension as OutcomeDimension]?.push({ key: row.key, label: row.label, sums });
  }
  for (const table of Object.values(tables))
    table.sort((a, b) => b.sums.orders - a.sums.orders || a.key.localeCompare(b.key));
  const days = daysBetween(from, to).map((day) => ({ day, ...(byDay.get(day) ?? EMPTY_SUMS) }));
  const totals = days.reduce((total, day) => addSums(total, day), { ...EMPTY_SUMS });
  const freight = await returnFreightOf(shop, tables.carrier);
  return { from, to, timeZone, currency: currency?.currency ?? null, totals, days, tables, freight };
}

function sumsOf(row: SumRow): OutcomeSums {
  const sums = { ...EMPTY_SUMS };
  for (const field of Object.keys(sums) as (keyof OutcomeSums)[]) sums[field] = Number(row[field] ?? 0);
  return sums;
}

function addSums(total: OutcomeSums, more: OutcomeSums): OutcomeSums {
  for (const field of Object.keys(EMPTY_SUMS) as (keyof OutcomeSums)[]) total[field] += more[field];
  return total;
}

function daysBetween(from: string, to: string): string[] {
  let count = 1;
  while (addDays(from, count - 1) < to) count++;
  return daysEndingWith(to, count);
}
