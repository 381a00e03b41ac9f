import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { EMPTY_SUMS, OUTCOME_DIMENSIONS, type OutcomeDimension, type OutcomeSums } from "../../lib/outcomes";
import { checkPeriod, MAX_PERIOD_DAYS, type Period, type PeriodProblem } from "../../lib/outcome-period";
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

export interface OutcomeInsights extends Period {
  /** The shop's today: the presets and the picker's bounds are counted from it, never from the browser's clock. */
  today: string;
  refusal: PeriodRefusal | null;
  timeZone: string;
  currency: string | null;
  totals: OutcomeSums;
  days: ({ day: string } & OutcomeSums)[];
  tables: Record<OutcomeDimension, OutcomeRow[]>;
  freight: Awaited<ReturnType<typeof returnFreightOf>>;
}

/** What the URL asked that could not be read: the page says why and shows the default period instead. */
export interface PeriodRefusal {
  problem: PeriodProblem;
  field: keyof Period;
  value: string;
}

/**
 * The period the URL asks for (docs/decisions/342), in the shop's days: `from` and `to` when they make one, else
 * the last `days` (7 by default) with the refusal of what was asked.
 */
export function outcomePeriod(
  asked: { from?: string | null; to?: string | null; days?: number },
  today: string,
): Period & { refusal: PeriodRefusal | null } {
  const days = Math.min(MAX_PERIOD_DAYS, Math.max(1, asked.days ?? 7));
  const fallback = { from: addDays(today, -(days - 1)), to: today };
  if (!asked.from && !asked.to) return { ...fallback, refusal: null };
  const check = checkPeriod(asked, today);
  if (check.ok) return { ...check.period, refusal: null };
  return { ...fallback, refusal: { problem: check.problem, field: check.field, value: check.value.slice(0, 40) } };
}

type SumRow = { dimension: string; day: string; key: string; label: string } & Record<keyof OutcomeSums, unknown>;

export async function outcomeInsights(
  shop: string,
  asked: { from?: string | null; to?: string | null; days?: number },
  now = new Date(),
): Promise<OutcomeInsights> {
  const timeZone = await shopTimeZone(shop, now);
  const today = localDayOf(now, timeZone);
  const { from, to, refusal } = outcomePeriod(asked, today);
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
  return { from, to, today, refusal, timeZone, currency: currency?.currency ?? null, totals, days, tables, freight };
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
