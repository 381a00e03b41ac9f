import prisma from "../../db.server";
import type { RiskScoreCounts } from "../../lib/risk-rule-preview";
import { addDays, localDayOf, startOfLocalDay } from "../../lib/time-zone";
import { PREVIEW_DAYS } from "../orders/rules-preview.server";
import { shopTimeZone } from "../shops/time-zone.server";

/**
 * The shop's scores of the last 30 days by the shop's calendar (the order rules' preview window), counted by value:
 * one grouped read on (shop, scoredAt), at most 101 rows, whatever the shop's volume.
 */
export async function riskScoreCounts(shop: string, now = new Date()): Promise<RiskScoreCounts> {
  const timeZone = await shopTimeZone(shop, now);
  const since = startOfLocalDay(addDays(localDayOf(now, timeZone), -(PREVIEW_DAYS - 1)), timeZone);
  const groups = await prisma.orderRisk.groupBy({
    by: ["score"],
    where: { shop, scoredAt: { gte: since, lte: now } },
    _count: { _all: true },
  });
  const byScore = new Array<number>(101).fill(0);
  for (const group of groups) {
    if (group.score >= 0 && group.score <= 100) byScore[group.score] = group._count._all;
  }
  return { since: since.toISOString(), byScore };
}
